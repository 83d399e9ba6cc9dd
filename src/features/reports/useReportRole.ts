import { useGetProfileQuery } from '../../api/authApi';
import { permissionsFor } from '../../domain/roles';

/** What the signed-in user may see in reports: admins also the accounting and refund-fee reports (002 §6). */
export function useReportRole(): { isAdmin: boolean } {
  const profile = useGetProfileQuery().data;
  return { isAdmin: permissionsFor(profile?.type ?? 'promoter').accountingReports };
}
