/**
 * Validation of the smaller back-office forms of 002 §5: blacklist entry, affiliate (create and branding), ombud,
 * FAQ item and CRM message.
 */
import { EXPIRY_BEFORE_TODAY_MESSAGE, formDateError, isBeforeDay, parseApiDate, typedFormDay } from './dates';
import { compactErrors, FORM_MESSAGES, requiredField, type FieldErrors, type FormContext } from './forms';

type Id = number | string | null | undefined;
type Text = string | null | undefined;

/** Default colour of a new affiliate (002 §9). */
export const AFFILIATE_DEFAULT_COLOR = '#C00000';
/** Largest affiliate logo, in bytes (3 MB, 002 §9). */
export const AFFILIATE_LOGO_MAX_BYTES = 3 * 1024 * 1024;

export interface BlacklistFormValues {
  user?: Id;
  promoter?: Id;
  /** yyyy-MM-dd (what is sent) or a Date from the picker. */
  expire_date?: string | Date | null;
}

/**
 * Blacklist entry: a user ('Required'; the console also keeps Save disabled until one is chosen), the promoter for
 * admins, and an expiry date that is not before today.
 */
export function validateBlacklistEntry(
  values: BlacklistFormValues,
  context: Pick<FormContext, 'isAdmin'> & { today: Date },
): FieldErrors<keyof BlacklistFormValues> {
  const expiry = parseApiDate(values.expire_date ?? null);
  return compactErrors({
    user: requiredField(values.user, FORM_MESSAGES.required),
    promoter: context.isAdmin ? requiredField(values.promoter, FORM_MESSAGES.required) : undefined,
    expire_date:
      values.expire_date === undefined || values.expire_date === null || values.expire_date === ''
        ? FORM_MESSAGES.required
        : !expiry
          ? 'Enter a date as YYYY-MM-DD'
          : isBeforeDay(expiry, context.today)
            ? EXPIRY_BEFORE_TODAY_MESSAGE
            : undefined,
  });
}

/**
 * The console's expiry box, typed as dd.MM.yyyy (000 §5): 'Required', what is wrong with the text as typed
 * (formDateError), or the entry's own rule (not before today, validateBlacklistEntry). The API takes the day as
 * yyyy-MM-dd (typedFormDay).
 */
export function blacklistExpiryTextError(text: string, today: Date): string | undefined {
  if (text.trim() === '') return FORM_MESSAGES.required;
  const wrong = formDateError(text, today);
  if (wrong) return wrong;
  return validateBlacklistEntry({ user: 1, promoter: 1, expire_date: typedFormDay(text, today)! }, { isAdmin: false, today }).expire_date;
}

export interface AffiliateFormValues {
  name?: Text;
  link_short_name?: Text;
  promoter?: Id;
}

/** Affiliate create: name and link short name ('Required!'), promoter for admins. */
export function validateAffiliateForm(
  values: AffiliateFormValues,
  context: Pick<FormContext, 'isAdmin'>,
): FieldErrors<keyof AffiliateFormValues> {
  return compactErrors({
    name: requiredField(values.name, FORM_MESSAGES.requiredBang),
    link_short_name: requiredField(values.link_short_name, FORM_MESSAGES.requiredBang),
    promoter: context.isAdmin ? requiredField(values.promoter, FORM_MESSAGES.requiredBang) : undefined,
  });
}

export interface AffiliateBrandingValues {
  primary_color?: Text;
  /** Size of a newly chosen logo file, in bytes. */
  logo_size?: number | null;
}

/** Affiliate branding: primary colour ('Color is required', a #RRGGBB value) and a logo of at most 3 MB. */
export function validateAffiliateBranding(values: AffiliateBrandingValues): FieldErrors<keyof AffiliateBrandingValues> {
  const color = values.primary_color?.trim() ?? '';
  return compactErrors({
    primary_color:
      color === ''
        ? FORM_MESSAGES.colorRequired
        : /^#[0-9a-f]{6}$/i.test(color)
          ? undefined
          : 'Enter a colour as #RRGGBB',
    logo_size:
      values.logo_size != null && values.logo_size > AFFILIATE_LOGO_MAX_BYTES
        ? 'The logo is larger than 3 MB. Please choose a smaller image.'
        : undefined,
  });
}

export interface OmbudFormValues {
  attendee?: Id;
  promoter?: Id;
}

/** Ombud: an attendee unless editing, the promoter for admins ('Required'). */
export function validateOmbudForm(values: OmbudFormValues, context: FormContext): FieldErrors<keyof OmbudFormValues> {
  return compactErrors({
    attendee: context.mode === 'create' ? requiredField(values.attendee, FORM_MESSAGES.required) : undefined,
    promoter: context.isAdmin ? requiredField(values.promoter, FORM_MESSAGES.required) : undefined,
  });
}

export interface FaqItemValues {
  title_en?: Text;
  title_sv?: Text;
}

/** FAQ item: the question in both languages ('Required'). */
export function validateFaqItem(values: FaqItemValues): FieldErrors<keyof FaqItemValues> {
  return compactErrors({
    title_en: requiredField(values.title_en, FORM_MESSAGES.required),
    title_sv: requiredField(values.title_sv, FORM_MESSAGES.required),
  });
}

export interface CrmMessageValues {
  en?: Text;
  sv?: Text;
}

/** CRM message: English and Swedish text ('Required'). */
export function validateCrmMessage(values: CrmMessageValues): FieldErrors<keyof CrmMessageValues> {
  return compactErrors({
    en: requiredField(values.en, FORM_MESSAGES.required),
    sv: requiredField(values.sv, FORM_MESSAGES.required),
  });
}
