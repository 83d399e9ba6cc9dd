import { useGetProfileQuery } from '../../api/authApi';
import { useGetUsersQuery } from '../../api/usersApi';
import { permissionsFor } from '../../domain/roles';
import type { SelectOption } from '../../ui/form/SelectField';

export const PER_PAGE = 10;

/** Admins choose the promoter in staff forms and lists; everyone else works in their own (002 §6). */
export function useChoosesPromoter(): boolean {
  return permissionsFor(useGetProfileQuery().data?.type ?? 'promoter').choosePromoter;
}

/** The promoters an admin chooses from (the promoters' accounts name them). */
export function usePromoterOptions(skip: boolean): { options: SelectOption[]; loading: boolean } {
  const promoters = useGetUsersQuery({ type: 'promoter', per_page: 500 }, { skip });
  const byId = new Map((promoters.data?.collection ?? []).filter((u) => u.promoter).map((u) => [u.promoter!.id, u.promoter!.name]));
  const options = [...byId.entries()].map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label, 'sv'));
  return { options, loading: promoters.isLoading };
}

/** "Active"/"Inactive" for a status value. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
