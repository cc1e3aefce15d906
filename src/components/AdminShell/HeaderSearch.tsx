import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from '@umijs/max';
import { Button, Input, Spin } from 'antd';
import React, { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SearchGroup, SearchHit } from '@common/contracts/search';
import { SEARCH_KIND_LABELS, SEARCH_QUERY_MAX, type SearchKind } from '@common/search';
import { searchAll } from '@/services/search';
import { apiErrorBody, apiErrorMessage } from '@/utils/apiError';
import { handleUnauthorized } from '@/utils/requestConfig';
import './HeaderSearch.css';

/** Typing pauses this long before the search asks. */
const SEARCH_DEBOUNCE_MS = 300;

/** Where a hit opens: the record's drawer on its list, a task's 完成情况, a news item's editor, the user list on the person's name. */
function hitLink(hit: Pick<SearchHit, 'kind' | 'id' | 'title'>, query: string): string {
  const q = encodeURIComponent(query);
  const to: Record<SearchKind, string> = {
    appeal: `/peopleService/appeal?keyword=${q}&id=${hit.id}`,
    photoReport: `/peopleService/shot?keyword=${q}&id=${hit.id}`,
    task: `/taskManage/complete?taskId=${hit.id}`,
    news: `/newsManage/create?id=${hit.id}`,
    user: `/userManage/list?name=${encodeURIComponent(hit.title)}`,
  };
  return to[hit.kind];
}

/** The list filtered by the query, for kinds whose list has a keyword filter. */
const moreLink = (kind: SearchKind, query: string): string | undefined => {
  const q = encodeURIComponent(query);
  if (kind === 'appeal') return `/peopleService/appeal?keyword=${q}`;
  if (kind === 'photoReport') return `/peopleService/shot?keyword=${q}`;
  return undefined;
};

/** A text with its matched stretches in <mark>. */
function Marked({ text, marks }: { text: string; marks: Array<[number, number]> }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  marks.forEach(([start, end], i) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={i}>{text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

interface Option {
  key: string;
  to: string;
  hit?: SearchHit;
  /** "more of this kind" rather than one record. */
  more?: SearchKind;
}

type Answer = { query: string; groups: SearchGroup[] } | { query: string; error: string };

/**
 * The header's search box (ADR 0059): results grouped by kind as a listbox under the box; arrow
 * keys move through them, Enter opens one, Escape closes. Loading, empty and failed states are
 * said in a live region.
 */
export default function HeaderSearch() {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<Answer>();
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);
  const [attempt, setAttempt] = useState(0);
  const boxRef = useRef<HTMLDivElement>(null);
  const query = text.trim();

  useEffect(() => {
    if (!query) {
      setAnswer(undefined);
      setLoading(false);
      return undefined;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchAll(query)
        .then((body) => {
          if (controller.signal.aborted) return;
          setAnswer({ query, groups: body.data?.groups ?? [] });
          setActive(-1);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          if (apiErrorBody(error)?.code === 401) handleUnauthorized();
          setAnswer({ query, error: apiErrorMessage(error) });
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      // A later query's answer wins: an earlier one arriving late is dropped.
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, attempt]);

  const groups = useMemo(() => (answer && 'groups' in answer ? answer.groups.filter((g) => g.hits.length) : []), [answer]);
  const options = useMemo(() => {
    const list: Option[] = [];
    for (const group of groups) {
      for (const hit of group.hits) list.push({ key: `${hit.kind}-${hit.id}`, to: hitLink(hit, answer!.query), hit });
      const more = group.more ? moreLink(group.kind, answer!.query) : undefined;
      if (more) list.push({ key: `${group.kind}-more`, to: more, more: group.kind });
    }
    return list;
  }, [groups, answer]);

  const go = useCallback(
    (option: Option | undefined) => {
      if (!option) return;
      setOpen(false);
      setText('');
      navigate(option.to);
    },
    [navigate],
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(options[active >= 0 ? active : 0]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  // Clicking elsewhere closes the panel.
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (event: MouseEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const shown = open && Boolean(query);
  const stale = answer?.query !== query;
  const optionId = (index: number) => `${id}-option-${index}`;
  let status: React.ReactNode = null;
  if (shown && (loading || stale)) {
    status = (
      <div className="header-search-state">
        <Spin size="small" /> 正在搜索……
      </div>
    );
  } else if (shown && answer && 'error' in answer) {
    status = (
      <div className="header-search-state header-search-error">
        搜索失败：{answer.error}
        <Button size="small" type="link" onClick={() => setAttempt((n) => n + 1)}>
          重试
        </Button>
      </div>
    );
  } else if (shown && answer && !options.length) {
    status = <div className="header-search-state">没有找到与“{answer.query}”相关的内容</div>;
  }

  let index = -1;
  return (
    <div className="header-search" ref={boxRef}>
      <Input
        role="combobox"
        aria-label="搜索诉求、随手拍、任务、新闻和用户"
        aria-expanded={shown && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        placeholder="搜索诉求、随手拍、任务、新闻、用户"
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {shown ? (
        <div className="header-search-panel">
          <div role="status" aria-live="polite">
            {status}
          </div>
          <div id={listId} role="listbox" aria-label="搜索结果" hidden={!options.length}>
            {groups.map((group) => (
              <div role="group" aria-label={SEARCH_KIND_LABELS[group.kind]} key={group.kind} className="header-search-group">
                <div className="header-search-group-title" aria-hidden>
                  {SEARCH_KIND_LABELS[group.kind]}
                </div>
                {options
                  .filter((option) => (option.hit?.kind ?? option.more) === group.kind)
                  .map((option) => {
                    index += 1;
                    const mine = index;
                    return (
                      <div
                        key={option.key}
                        id={optionId(mine)}
                        role="option"
                        aria-selected={mine === active}
                        className={mine === active ? 'header-search-option header-search-option-active' : 'header-search-option'}
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseEnter={() => setActive(mine)}
                        onClick={() => go(option)}
                      >
                        {option.hit ? (
                          <>
                            <div className="header-search-title">
                              <Marked text={option.hit.title} marks={option.hit.titleMarks} />
                            </div>
                            {option.hit.snippet.trim() ? (
                              <div className="header-search-snippet">
                                <Marked text={option.hit.snippet} marks={option.hit.snippetMarks} />
                              </div>
                            ) : null}
                            <div className="header-search-meta">{option.hit.meta}</div>
                          </>
                        ) : (
                          <div className="header-search-more">在{SEARCH_KIND_LABELS[group.kind]}列表中查看全部结果</div>
                        )}
                      </div>
                    );
                  })}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
