import './promoters.css';
import { Button, Card, HTMLTable } from '@blueprintjs/core';
import { countryName } from '../../domain/countries';
import { useNavigate, useParams } from 'react-router-dom';
import { errorStatus } from '../../api/errorMessage';
import { useGetPromoterQuery, useGetPromoterServiceFeesQuery } from '../../api/peopleApi';
import { formatAmount, oreFromSek } from '../../domain/money';
import { BackLink } from '../../ui/BackLink';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { StatusTag } from '../../ui/StatusTag';

const sek = (n: number | null) => (n === null ? 'and above' : `${formatAmount(oreFromSek(n))} SEK`);

/** /promoters/{id} (002 §2): the promoter's details and fee scheme, with Edit and Back. */
export function PromoterDetailPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const promoter = useGetPromoterQuery(id);
  const fees = useGetPromoterServiceFeesQuery(id);
  if (promoter.isLoading) return <LoadingSpinner label="Loading the promoter" />;
  if (errorStatus(promoter.error) === 404) return <NotFoundPanel title="Promoter not found" back={{ to: '/promoters', list: 'promoters' }} />;
  if (!promoter.data) return <RetryPanel onRetry={promoter.refetch} />;
  const p = promoter.data;
  const address = [p.address, p.city, p.postcode].filter(Boolean).join(', ');
  const rows: [string, React.ReactNode][] = [
    ['Organization number', p.organization_number ?? '—'],
    ['Contact', [p.user?.first_name, p.user?.last_name].filter(Boolean).join(' ') || '—'],
    ['Address', address || '—'], ['Country', countryName(p.country)], ['Phone', p.phone ?? '—'], ['Email', p.email ?? '—'],
    ['Status', <StatusTag key="s" status={p.status} />],
    ['Can download emails', p.can_download_emails ? 'Yes' : 'No'], ['Can apply own branding', p.can_apply_own_branding ? 'Yes' : 'No'],
  ];
  return (
    <div className="page page-narrow">
      <BackLink to="/promoters" />
      <h1 className="page-title">{p.name}</h1>
      <Card>
        <dl className="promoter-details">
          {rows.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
        </dl>
        <h2 className="bp6-heading">Service fees</h2>
        {fees.data && fees.data.count > 0 ? (
          <HTMLTable compact striped aria-label="Service fees">
            <thead><tr><th scope="col">Ticket price min</th><th scope="col">Ticket price max</th><th scope="col">Fee</th></tr></thead>
            <tbody>
              {fees.data.collection.map((f) => (
                <tr key={f.id}><td>{sek(f.price_min)}</td><td>{sek(f.price_max)}</td><td>{sek(f.fixed)}</td></tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : (
          <p>{fees.isLoading ? 'Loading…' : "No bands of its own: the platform's default service fees apply."}</p>
        )}
        <div className="people-actions">
          <Button text="Back" onClick={() => navigate('/promoters')} />
          <Button intent="primary" icon="edit" text="Edit" onClick={() => navigate(`/promoters/${id}/edit`)} />
        </div>
      </Card>
    </div>
  );
}
