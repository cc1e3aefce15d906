import { useEffect, useRef } from 'react';
import type { OrgUnitNode } from '@common/contracts/content';
import { memberList } from './orgTree';

/** One unit's details in a modal: leader, position, phone, parent, sub-units and members. */
export default function UnitDialog({ unit, parent, onClose }: { unit: OrgUnitNode; parent: OrgUnitNode | null; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);

  const members = memberList(unit.members);
  const titleId = `org-unit-title-${unit.id}`;
  return (
    <div className="org-dialog-mask" onClick={onClose}>
      <div className="org-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <div className="org-dialog-head">
          <h2 id={titleId}>{unit.name}</h2>
          <button ref={closeRef} type="button" className="org-dialog-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <dl className="org-dialog-fields">
          <div>
            <dt>负责人</dt>
            <dd>{unit.leader || '—'}</dd>
          </div>
          <div>
            <dt>职务</dt>
            <dd>{unit.position || '—'}</dd>
          </div>
          <div>
            <dt>联系电话</dt>
            <dd>{unit.phone ? <a href={`tel:${unit.phone.replace(/[^0-9+]/g, '')}`}>{unit.phone}</a> : '—'}</dd>
          </div>
          <div>
            <dt>上级单位</dt>
            <dd>{parent?.name ?? '—'}</dd>
          </div>
          {unit.children.length ? (
            <div>
              <dt>下级单位</dt>
              <dd>{unit.children.map((c) => c.name).join('、')}</dd>
            </div>
          ) : null}
        </dl>
        <h3 className="org-dialog-subtitle">成员{members.length > 1 ? `（${members.length}人）` : ''}</h3>
        {members.length === 1 ? <p className="org-dialog-text">{members[0]}</p> : null}
        {members.length > 1 ? (
          <ul className="org-dialog-members">
            {members.map((member, i) => (
              <li key={`${member}-${i}`}>{member}</li>
            ))}
          </ul>
        ) : null}
        {members.length === 0 ? <p className="org-dialog-empty">暂无成员信息</p> : null}
      </div>
    </div>
  );
}
