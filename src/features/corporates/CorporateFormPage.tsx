import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCreateCorporateMutation, useGetCorporateQuery, useUpdateCorporateMutation } from '../../api/corporatesApi';
import { useGetProfileQuery } from '../../api/authApi';
import type { CorporateBody } from '../../contracts/corporates';
import type { CorporateFormValues } from '../../domain/userForms';
import { BackLink } from '../../ui/BackLink';
import { submitErrors } from '../../ui/form/submitErrors';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { errorStatus } from '../../api/errorMessage';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { CorporateForm } from './CorporateForm';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const toBody = (v: CorporateFormValues, isAdmin: boolean): CorporateBody => ({
  ...(isAdmin ? { promoter: Number(v.promoter) } : {}),
  corporate_name: text(v.corporate_name), first_name: text(v.first_name), last_name: text(v.last_name),
  phone: text(v.phone), email: text(v.email), ...(v.password ? { password: String(v.password) } : {}),
});

/** /corporates/add (optional ?promoter=) and /corporates/{id}/edit (002 §2). */
export function CorporateFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const profile = useGetProfileQuery();
  const isAdmin = profile.data?.type === 'admin';
  const corporateId = id ? Number(id) : null;
  const existing = useGetCorporateQuery(corporateId ?? 0, { skip: corporateId === null });
  const [create] = useCreateCorporateMutation();
  const [update] = useUpdateCorporateMutation();

  if (!profile.data || (corporateId !== null && existing.isLoading)) return <LoadingSpinner />;
  if (corporateId !== null && errorStatus(existing.error) === 404) return <NotFoundPanel title="Corporate not found" back={{ to: '/corporates', list: 'corporates' }} />;
  if (corporateId !== null && !existing.data) return <RetryPanel onRetry={existing.refetch} />;

  const c = existing.data;
  const initialValues: CorporateFormValues = c
    ? { promoter: String(c.promoter_id), corporate_name: c.corporate_name, first_name: c.first_name, last_name: c.last_name, phone: c.phone, email: c.email }
    : { promoter: params.get('promoter') ?? '' };
  const submit = async (values: CorporateFormValues) => {
    const body = toBody(values, isAdmin);
    const res = corporateId === null ? await create(body) : await update({ id: corporateId, body });
    if ('error' in res) return submitErrors(res.error, 'Error saving corporate');
    notifySuccess(corporateId === null ? 'Corporate created' : 'Corporate saved');
    navigate(isAdmin ? `/corporates?promoter=${res.data.promoter_id}` : '/corporates');
    return undefined;
  };
  return (
    <div className="page page-narrow">
      <BackLink to="/corporates" label="Corporates" />
      <h1 className="page-title">{c ? `Edit ${c.name}` : 'Add Corporate'}</h1>
      <CorporateForm initialValues={initialValues} isAdmin={isAdmin} submitText={c ? 'Save' : 'Add Corporate'} onSubmit={submit} onCancel={() => navigate('/corporates')} />
    </div>
  );
}
