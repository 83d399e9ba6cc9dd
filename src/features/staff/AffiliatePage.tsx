import './staff.css';
import { Tab, Tabs } from '@blueprintjs/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useGetAffiliateQuery } from '../../api/staffApi';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { errorStatus } from '../../api/errorMessage';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { AffiliateBrandingPanel } from './AffiliateBrandingPanel';
import { AffiliateDetailsPanel } from './AffiliateDetailsPanel';

/** /affiliates/{id}/branding and /affiliates/{id}/details: tabs Branding and Affiliate Details (002 §2). */
export function AffiliatePage() {
  const { id, tab = 'branding' } = useParams();
  const navigate = useNavigate();
  const affiliate = useGetAffiliateQuery(Number(id));
  if (tab !== 'branding' && tab !== 'details') return <Navigate to={`/affiliates/${id}/branding`} replace />;
  if (affiliate.isLoading) return <LoadingSpinner />;
  if (errorStatus(affiliate.error) === 404) return <NotFoundPanel title="Affiliate not found" back={{ to: '/affiliates', list: 'affiliates' }} />;
  if (!affiliate.data) return <RetryPanel onRetry={affiliate.refetch} />;
  return (
    <div className="page page-narrow">
      <BackLink to="/affiliates" />
      <h1 className="page-title">{affiliate.data.name}</h1>
      <Tabs id="affiliate" selectedTabId={tab} onChange={(t) => navigate(`/affiliates/${id}/${t}`)}>
        <Tab id="branding" title="Branding" panel={<AffiliateBrandingPanel affiliate={affiliate.data} />} />
        <Tab id="details" title="Affiliate Details" panel={<AffiliateDetailsPanel affiliate={affiliate.data} />} />
      </Tabs>
    </div>
  );
}
