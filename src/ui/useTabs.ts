import { useRef, type KeyboardEvent } from 'react';

/**
 * A keyboard-friendly tab list: the arrow keys (both axes), Home and End move the selection and the
 * focus; only the selected tab is in the tab order. `tabProps(id)` gives each tab button its ARIA.
 */
export function useTabs(
  ids: readonly string[],
  selected: string,
  onSelect: (id: string) => void,
  panelId: string,
  tabId: (id: string) => string,
) {
  const tabs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const index = ids.indexOf(selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: ids.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = ids[(moves[event.key]! + ids.length) % ids.length]!;
    onSelect(next);
    tabs.current.get(next)?.focus();
  }

  const tabProps = (id: string) => ({
    ref: (element: HTMLButtonElement | null) => {
      if (element) tabs.current.set(id, element);
      else tabs.current.delete(id);
    },
    id: tabId(id),
    type: 'button' as const,
    role: 'tab',
    'aria-selected': id === selected,
    'aria-controls': panelId,
    tabIndex: id === selected ? 0 : -1,
    onClick: () => onSelect(id),
  });

  return { listProps: { role: 'tablist', onKeyDown }, tabProps };
}
