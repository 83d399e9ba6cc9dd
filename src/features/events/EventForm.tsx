import { Button, Callout, Card, FormGroup } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { EVENT_FORM_SUBMIT_ERROR } from '../../domain/eventForm';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { EventFormDates } from './EventFormDates';
import { EventFormMain } from './EventFormMain';
import { EventFormPlace } from './EventFormPlace';
import { EventImageField } from './EventImageField';
import { validateEventValues, type EventFormState } from './eventFormValues';

interface EventFormProps {
  mode: 'create' | 'edit';
  initialValues: EventFormState;
  choosePromoter: boolean;
  submitText: string;
  currentImageUrl?: string | null;
  /** Why venue and map cannot change (a priced event or one in a season), if so. */
  mapLocked?: string;
  onSubmit: (values: EventFormState) => Promise<object | undefined>;
  onCancel: () => void;
}

/** The event form of 000 §5 (create and edit, ordinary and seasonal). Nothing typed is lost on an error. */
export function EventForm({ mode, initialValues, choosePromoter, submitText, currentImageUrl, mapLocked, onSubmit, onCancel }: EventFormProps) {
  return (
    <Form<EventFormState>
      initialValues={initialValues}
      validate={(values) => validateEventValues(values, { mode, choosePromoter })}
      onSubmit={onSubmit}
      subscription={{ submitting: true, submitFailed: true, hasValidationErrors: true, hasSubmitErrors: true, dirtySinceLastSubmit: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitFailed, hasValidationErrors, hasSubmitErrors, dirtySinceLastSubmit, submitError }) => {
        const showError = (submitFailed && hasValidationErrors) || (hasSubmitErrors && !dirtySinceLastSubmit);
        return (
          <form onSubmit={handleSubmit} noValidate className="event-form">
            {submitError ? <Callout intent="danger" role="alert" className="form-callout">{submitError}</Callout> : null}
            <Card className="form-card">
              <h2 className="card-title">About the event</h2>
              <EventFormMain choosePromoter={choosePromoter} />
            </Card>
            <Card className="form-card">
              <h2 className="card-title">Venue and dates</h2>
              <EventFormPlace mapLocked={mapLocked} />
              <EventFormDates />
            </Card>
            <Card className="form-card">
              <h2 className="card-title">Image, links and notes</h2>
              <EventImageField currentUrl={currentImageUrl} />
              <FormGroup label="Social links" className="social-links">
                <div className="form-row">
                  <TextField name="social_links.spotify" label="Spotify" placeholder="https://open.spotify.com/…" />
                  <TextField name="social_links.facebook" label="Facebook" placeholder="https://facebook.com/…" />
                  <TextField name="social_links.instagram" label="Instagram" placeholder="https://instagram.com/…" />
                </div>
              </FormGroup>
              <TextAreaField name="notes" label="Notes for promoter" rows={3} />
            </Card>
            <div className="form-actions">
              <Button text="Cancel" onClick={onCancel} disabled={submitting} />
              <Button type="submit" intent={showError ? 'danger' : 'primary'} loading={submitting} text={showError ? EVENT_FORM_SUBMIT_ERROR : submitText} />
            </div>
          </form>
        );
      }}
    </Form>
  );
}
