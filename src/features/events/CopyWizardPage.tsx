import { Button, Callout, Card, Icon, ProgressBar, Spinner } from '@blueprintjs/core';
import { useEffect, useState, type ReactElement } from 'react';
import { TextField } from '../../ui/form/TextField';
import { Form } from 'react-final-form';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import type { EventDetail } from '../../contracts/events';
import { duplicateStartDate, EVENT_FORM_MESSAGES } from '../../domain/eventForm';
import { formDateError, isBeforeDay, parseFormDate, parseFormTime } from '../../domain/dates';
import { permissionsFor } from '../../domain/roles';
import { DateField } from '../../ui/form/DateField';
import { TimeField } from '../../ui/form/TimeField';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { COPY_STEPS, PRICE_SUB_STEPS, SHOP_ROW_TEXT, copiedMessage, copyName, copyNeedsReview, copyShare, type StepStatus } from './copySteps';
import { eventName } from '../../ui/EventNameCell';
import { useCopyEvent } from './useCopyEvent';
import { venueToday } from '../../domain/venueClock';

const STATUS_ICON: Record<StepStatus, ReactElement> = {
  waiting: <Icon icon="circle" className="step-icon" title="waiting" />,
  running: <Spinner size={16} className="step-icon" aria-label="in progress" />,
  done: <Icon icon="tick-circle" intent="success" className="step-icon" title="done" />,
  failed: <Icon icon="error" intent="danger" className="step-icon" title="failed" />,
};

interface StartValues {
  name?: string;
  start_date?: string;
  start_time?: string;
}

/** The copy's start date: 'Required', what is wrong with the typed text (formDateError), or not before today. */
function startDateError(text: string | undefined, today: Date): string | undefined {
  if (!text?.trim()) return EVENT_FORM_MESSAGES.required;
  const wrong = formDateError(text, today);
  if (wrong) return wrong;
  const day = parseFormDate(text);
  return day && isBeforeDay(day, today) ? EVENT_FORM_MESSAGES.startMinToday : undefined;
}

function validateStart(v: StartValues) {
  return {
    start_date: startDateError(v.start_date, venueToday(Date.now())),
    start_time: v.start_time && !parseFormTime(v.start_time) ? EVENT_FORM_MESSAGES.invalidTime : undefined,
    name: v.name?.trim() ? undefined : EVENT_FORM_MESSAGES.required,
  };
}

/**
 * /events/{id}/copy (000 §4): the five steps with visible progress; when all are done, the copy's dashboard, with
 * the steps' results in the success message. When places or shop items were left behind the wizard stays, so their
 * lists can be read, and a button opens the dashboard.
 */
export function CopyWizardPage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const isAdmin = permissionsFor(useGetProfileQuery().data?.type ?? 'promoter').editQrSettings;
  const { progress, run } = useCopyEvent(event.id, isAdmin);
  const started = progress.steps[0] !== 'waiting';
  const [copyId, setCopyId] = useState<number | null>(null);
  const review = copyId !== null && copyNeedsReview(progress);

  const start = async (v: StartValues) => {
    const newId = await run(duplicateStartDate(v.start_date, v.start_time)!, v.name);
    if (newId === null) notifyDanger('Error copying the event...');
    else setCopyId(newId);
  };

  // Once the copy is done (and its last progress rendered): nothing left behind, so on to its dashboard.
  useEffect(() => {
    if (copyId === null || review) return;
    notifySuccess(copiedMessage(progress));
    navigate(`/events/${copyId}/dashboard`);
  }, [copyId, review, progress, navigate]);

  return (
    <>
      <h1 className="page-title">Copy “{eventName(event)}”</h1>
      <Card className="form-card copy-wizard">
        <ProgressBar value={copyShare(progress)} stripes={false} intent={progress.error ? 'danger' : 'primary'} aria-label="Copy progress" />
        <ol className="copy-steps">
          {COPY_STEPS.map((title, i) => (
            <li key={title} className={`copy-step ${progress.steps[i]}`}>
              {STATUS_ICON[progress.steps[i]]}
              <span className="copy-step-title">{i + 1}. {title}</span>
              {progress.notes[i] ? <span className="copy-step-note">{progress.notes[i]}</span> : null}
              {i === 0 && !started ? (
                <Form<StartValues> initialValues={{ name: copyName(eventName(event)), start_time: '00:00' }} validate={validateStart} onSubmit={start}>
                  {({ handleSubmit, submitting }) => (
                    <form onSubmit={handleSubmit} noValidate className="copy-start">
                      <p>The copy is a new draft. What is it called, and when does it start?</p>
                      <TextField name="name" label="Name of the copy" />
                      <div className="form-row">
                        <DateField name="start_date" label="Start date" />
                        <TimeField name="start_time" label="Start time" />
                      </div>
                      <Button type="submit" intent="primary" icon="duplicate" text="Copy event" loading={submitting} />
                    </form>
                  )}
                </Form>
              ) : null}
              {i === 1 && progress.priceSubStep >= 0 ? (
                <ul className="copy-sub-steps" aria-label="Ticket types and prices">
                  {PRICE_SUB_STEPS.map((sub, j) => (
                    <li key={sub} className={j < progress.priceSubStep || progress.steps[1] === 'done' ? 'done' : j === progress.priceSubStep ? 'running' : 'waiting'}>
                      {sub}
                    </li>
                  ))}
                </ul>
              ) : null}
              {i === 3 && progress.reservationConflicts.length > 0 ? (
                <ul className="copy-conflicts" aria-label="Seats not copied">
                  {progress.reservationConflicts.map((line, j) => <li key={j}>{line}</li>)}
                </ul>
              ) : null}
              {i === 4 && progress.shopRows.length > 0 ? (
                <ul className="copy-shop-rows" aria-label="Shop items">
                  {progress.shopRows.map((row, j) => (
                    <li key={j} className={row.state}>
                      <span>{row.name}</span> <span className="copy-shop-state">{SHOP_ROW_TEXT[row.state]}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
        {progress.error ? <Callout intent="danger" role="alert">{progress.error}</Callout> : null}
        {review ? (
          <Callout intent="warning" role="status" title="The copy is ready, but not everything was copied" className="copy-review">
            <p>The lists above say which places or shop items were left behind and why.</p>
            <Button intent="primary" text="Open the copy's dashboard" onClick={() => navigate(`/events/${copyId}/dashboard`)} />
          </Callout>
        ) : null}
      </Card>
    </>
  );
}
