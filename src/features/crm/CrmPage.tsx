import { Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { CountedSegment } from '../../domain/crmFilter';
import { CrmDownloadPanel } from './CrmDownloadPanel';
import { CrmFilterPanel } from './CrmFilterPanel';
import { CrmSendPanel } from './CrmSendPanel';
import { crmFilterErrors, crmFilterFromParam, crmFilterToParam, toCrmFilters, type CrmFilterValues } from './crmFilterValues';
import './crm.css';
import { venueIsoToday } from '../../domain/venueClock';

const MODES = ['filter', 'send', 'download'] as const;
type Mode = (typeof MODES)[number];

/**
 * CRM (002 §2 CRM, §4): /crm/{filter|send|download}; an unknown mode falls back to filter. Send Messages and
 * Download stay disabled until the filter has produced a count; changing the filter takes the count away again.
 */
export function CrmPage() {
  const { mode } = useParams();
  const navigate = useNavigate();
  // The filter and its count live in the address too (?filter=…&count=…): a reload keeps them.
  const [params] = useSearchParams();
  const [values, setValues] = useState<CrmFilterValues>(() => crmFilterFromParam(params.get('filter')));
  const [counted, setCounted] = useState<CountedSegment | null>(() => {
    const n = Number(params.get('count'));
    return params.get('count') !== null && Number.isInteger(n) && n >= 0 && !Object.keys(crmFilterErrors(values)).length
      ? { filters: toCrmFilters(values, venueIsoToday(Date.now())), count: n }
      : null;
  });
  const wanted: Mode = MODES.includes(mode as Mode) ? (mode as Mode) : 'filter';
  const shown: Mode = counted ? wanted : 'filter';
  const search = (() => {
    const next = new URLSearchParams();
    const filter = crmFilterToParam(values);
    if (filter) next.set('filter', filter);
    if (counted) next.set('count', String(counted.count));
    const text = next.toString();
    return text ? `?${text}` : '';
  })();
  const go = (m: Mode) => navigate(`/crm/${m}${search}`);
  // Without a count (or for an unknown mode) the address says filter too, so a count does not jump to another tab.
  useEffect(() => {
    if (mode !== shown || `?${params.toString()}` !== (search || '?')) navigate(`/crm/${shown}${search}`, { replace: true });
  }, [mode, shown, navigate, search, params]);

  const change = (next: CrmFilterValues) => {
    setValues(next);
    setCounted(null);
  };

  return (
    <div className="page crm-page">
      <h1 className="page-title">CRM</h1>
      <Tabs id="crm" selectedTabId={shown} onChange={(id) => go(id as Mode)} renderActiveTabPanelOnly>
        <Tab id="filter" title="Filter" panel={<CrmFilterPanel values={values} onChange={change} counted={counted} onCounted={setCounted} onNext={go} />} />
        <Tab id="send" title="Send Messages" disabled={!counted} panel={counted ? <CrmSendPanel segment={counted} /> : undefined} />
        <Tab id="download" title="Download" disabled={!counted} panel={counted ? <CrmDownloadPanel segment={counted} /> : undefined} />
      </Tabs>
    </div>
  );
}
