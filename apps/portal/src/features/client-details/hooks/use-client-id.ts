import { useParams } from 'react-router';

/**
 * The client whose pages are open, from the `/user/details/{id}` path (spec §2), as the platform's
 * numeric user id; null when the path holds something that cannot be a client id.
 */
export function useClientId(): number | null {
  const { id } = useParams();
  return parseClientId(id);
}

export function parseClientId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
