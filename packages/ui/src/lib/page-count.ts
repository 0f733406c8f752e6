/** Spec §9: the number of pages is the total divided by the page size, rounded up (at least one). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}
