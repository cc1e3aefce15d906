/**
 * An organisation chart drawn from the org-unit tree: boxes joined by lines, top-down. Children
 * that are all leaves hang as a list under their parent, so the chart stays as wide as a wall
 * screen; on narrow screens the whole chart becomes an indented tree. A box shows the unit, its
 * leader and phone; clicking it opens the unit's details with its members. Plain CSS, no antd.
 */
import { useState } from 'react';
import type { OrgUnitNode } from '@common/contracts/content';
import UnitDialog from './UnitDialog';
import { findUnit, leaderLine, memberList, stacksChildren } from './orgTree';
import './index.css';
import { useMediaQuery } from '@/hooks/useMediaQuery';

/** Below this width the chart is drawn as an indented tree. */
const NARROW_QUERY = '(max-width: 700px)';

function UnitBox({ unit, depth, onOpen }: { unit: OrgUnitNode; depth: number; onOpen: (id: number) => void }) {
  const leader = leaderLine(unit);
  const members = memberList(unit.members).join('、');
  return (
    <button
      type="button"
      className={`org-box org-box-depth-${Math.min(depth, 2)}`}
      onClick={() => onOpen(unit.id)}
      aria-haspopup="dialog"
      data-unit-id={unit.id}
    >
      <span className="org-box-name">{unit.name}</span>
      {leader ? <span className="org-box-leader">{leader}</span> : null}
      {unit.phone ? <span className="org-box-phone">电话 {unit.phone}</span> : null}
      {members ? <span className="org-box-members">成员：{members}</span> : null}
    </button>
  );
}

interface UnitNodeProps {
  unit: OrgUnitNode;
  depth: number;
  /** Indented tree: every child list hangs from a rail. */
  indented: boolean;
  onOpen: (id: number) => void;
}

function UnitNode({ unit, depth, indented, onOpen }: UnitNodeProps) {
  return (
    <li className="org-node">
      <UnitBox unit={unit} depth={depth} onOpen={onOpen} />
      {unit.children.length ? (
        <ul className={`org-children${indented || stacksChildren(unit, depth) ? ' org-stack' : ''}`}>
          {unit.children.map((child) => (
            <UnitNode key={child.id} unit={child} depth={depth + 1} indented={indented} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export default function OrgChart({ units }: { units: OrgUnitNode[] }) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [openId, setOpenId] = useState<number>();
  const open = openId != null ? findUnit(units, openId) : undefined;

  return (
    <div className={`org-chart${narrow ? ' org-chart-indented' : ''}`}>
      <div className="org-scroll">
        <ul className="org-tree" aria-label="组织架构图">
          {units.map((unit) => (
            <UnitNode key={unit.id} unit={unit} depth={0} indented={narrow} onOpen={setOpenId} />
          ))}
        </ul>
      </div>
      {open ? <UnitDialog unit={open.unit} parent={open.parent} onClose={() => setOpenId(undefined)} /> : null}
    </div>
  );
}
