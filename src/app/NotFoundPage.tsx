import { Button, NonIdealState } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="page">
      <NonIdealState
        icon="search"
        title="Page Not Found"
        description="The page you asked for does not exist."
        action={<Button intent="primary" text="Go to start" onClick={() => navigate('/')} />}
      />
    </div>
  );
}
