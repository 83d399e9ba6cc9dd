import { useSearchParams } from 'react-router-dom';
import { useGetCorporatesQuery } from '../../api/corporatesApi';
import { useGetProfileQuery } from '../../api/authApi';

export const CORPORATES_PER_PAGE = 10;

/**
 * The corporates of the chosen promoter (`?promoter=`, admin only; a promoter's list is forced to their own by the
 * server) and the page (`?page=`), both kept in the address so a reload or a back keeps them.
 */
export function useCorporateList() {
  const [params, setParams] = useSearchParams();
  const profile = useGetProfileQuery();
  const isAdmin = profile.data?.type === 'admin';
  const promoter = isAdmin ? params.get('promoter') ?? '' : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useGetCorporatesQuery(
    { page, perPage: CORPORATES_PER_PAGE, ...(promoter ? { promoter: Number(promoter) } : {}) },
    { skip: !profile.data },
  );
  const update = (next: { promoter?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.promoter !== undefined) {
      if (next.promoter) p.set('promoter', next.promoter);
      else p.delete('promoter');
      p.delete('page');
    }
    if (next.page !== undefined) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  return { list, isAdmin, promoter, page, setPromoter: (v: string) => update({ promoter: v }), setPage: (n: number) => update({ page: n }) };
}
