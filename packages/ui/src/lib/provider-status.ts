/** Spec §3: a provider list item. */
export interface ProviderListItem {
  name: string;
  status: string;
  image_url?: string | null;
}

/** Spec §9: the status filter's values. */
export type ProviderStatusFilter = 'all' | 'outage' | 'supported';

function isItem(value: unknown): value is ProviderListItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.name === 'string' && typeof item.status === 'string';
}

/** The list arrives as an array or a JSON string of one; anything else is an empty list. */
export function parseProviders(input: unknown): ProviderListItem[] {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter(isItem) : [];
}

/**
 * Spec §5, §9: a case-insensitive substring search on name, an exact status match unless 'all';
 * outage providers first, then by name ignoring case.
 */
export function filterProviders(
  providers: ProviderListItem[],
  search: string,
  status: ProviderStatusFilter,
): ProviderListItem[] {
  const needle = search.trim().toLowerCase();
  return providers
    .filter((provider) => provider.name.toLowerCase().includes(needle))
    .filter((provider) => status === 'all' || provider.status === status)
    .sort((a, b) => {
      const outage = Number(b.status === 'outage') - Number(a.status === 'outage');
      if (outage !== 0) return outage;
      const left = a.name.toLowerCase();
      const right = b.name.toLowerCase();
      if (left === right) return 0;
      return left < right ? -1 : 1;
    });
}
