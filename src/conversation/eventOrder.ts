// The order of a conversation's events, wherever they come from: by the server's timestamp, then
// by id, so any two clients (and any arrival order) agree.

export function sortKeyOf(event: { timestamp: string; id: string }): string {
  return `${event.timestamp}\u0000${event.id}`;
}

export type Sortable = { readonly timestamp: string; readonly id: string };

export function compareEvents(a: Sortable, b: Sortable): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether (timestamp, id) sorts after `than`; true when there is nothing to compare with. */
export function isAfter(timestamp: string, id: string, than: Sortable | undefined): boolean {
  return !than || timestamp > than.timestamp || (timestamp === than.timestamp && id > than.id);
}

/** Puts the item in sort order in place; returns its index. Events mostly come in order. */
export function insertSorted<T extends Sortable>(list: T[], item: T): number {
  let index = list.length;
  while (index > 0 && compareEvents(list[index - 1]!, item) > 0) index--;
  list.splice(index, 0, item);
  return index;
}
