import { useAppStore } from '../../../lib/app-state.tsx';

/**
 * The signed-in adviser's practice id, for the X-External-Party-Id header that suspending and
 * unlinking need (spec §6). The dashboard is only reached with an enabled practice (spec §4).
 */
export function usePracticeId(): () => number {
  const store = useAppStore();
  return () => {
    const id = Number(store.getState().userDetails?.external_party?.id);
    if (!Number.isInteger(id) || id <= 0) throw new Error('The signed-in adviser has no practice');
    return id;
  };
}
