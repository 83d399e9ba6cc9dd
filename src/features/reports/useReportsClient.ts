import { useEffect, useState } from 'react';
import { createReportsClient, type ReportsClient } from '../../../workers/reports/reportsClient';

/** The reports worker for one screen: started on first use, terminated when the screen closes. */
export function useReportsClient(): ReportsClient {
  const [client] = useState(createReportsClient);
  useEffect(() => () => client.dispose(), [client]);
  return client;
}
