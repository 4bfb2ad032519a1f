/**
 * A windowed list box: only the rows in view (and a few around them) are in the page, so 100,000 rows scroll
 * as smoothly as 10. Fixed row height; keyboard: arrows, Page Up/Down, Home/End move the active row.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  height: number;
  label: string;
  idPrefix: string;
  activeIndex: number;
  onActivate(index: number): void;
  renderRow(item: T, index: number): ReactNode;
  rowKey(item: T): string;
}

const OVERSCAN = 8;

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, height, activeIndex } = props;
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);

  // Keep the active row in view when it changes (keyboard, or a selection made on the map).
  useEffect(() => {
    const el = box.current;
    if (!el || activeIndex < 0) return;
    const top = activeIndex * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = top + rowHeight - el.clientHeight;
  }, [activeIndex, rowHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const visible = [];
  for (let i = first; i < last; i++) visible.push(i);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined || items.length === 0) return;
    event.preventDefault();
    props.onActivate(Math.min(items.length - 1, Math.max(0, next)));
  }

  const active =
    activeIndex >= 0 && activeIndex < items.length ? `${props.idPrefix}-${activeIndex}` : undefined;
  return (
    <div
      ref={box}
      className="virtual-list"
      role="listbox"
      tabIndex={0}
      aria-label={props.label}
      aria-activedescendant={active}
      // The workbench's layout may cap it (--list-height); rows past the cap are drawn, not seen.
      style={{ height, maxHeight: 'var(--list-height, none)' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <div role="none" style={{ height: items.length * rowHeight, position: 'relative' }}>
        {visible.map((i) => (
          <div
            key={props.rowKey(items[i]!)}
            id={`${props.idPrefix}-${i}`}
            role="option"
            aria-selected={i === activeIndex}
            aria-posinset={i + 1}
            aria-setsize={items.length}
            className={i === activeIndex ? 'row active' : 'row'}
            style={{ position: 'absolute', top: i * rowHeight, height: rowHeight, left: 0, right: 0 }}
            onClick={() => props.onActivate(i)}
          >
            {props.renderRow(items[i]!, i)}
          </div>
        ))}
      </div>
    </div>
  );
}
