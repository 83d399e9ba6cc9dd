import { setIn } from 'final-form';
import type { Promoter, PromoterBody, ServiceFeeList, ServiceFeesBatchBody } from '../../contracts/people';
import { hasErrors } from '../../domain/forms';
import { serviceFeeSchemeRowErrors } from '../../domain/serviceFeeScheme';
import { passwordPayload, validatePromoterForm, type PromoterFormErrors, type ServiceFeeRowValues } from '../../domain/userForms';

export interface PromoterFormValues {
  name: string; first_name: string; last_name: string; organization_number: string; address: string; city: string;
  postcode: string; country: string; phone: string; email: string; password: string;
  can_download_emails: boolean; can_apply_own_branding: boolean;
  fees: ServiceFeeRowValues[];
}

const sekText = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

export function initialPromoterValues(p?: Promoter, fees?: ServiceFeeList): PromoterFormValues {
  return {
    name: p?.name ?? '', first_name: p?.user?.first_name ?? '', last_name: p?.user?.last_name ?? '',
    organization_number: p?.organization_number ?? '', address: p?.address ?? '', city: p?.city ?? '', postcode: p?.postcode ?? '',
    country: p?.country ?? 'SE', phone: p?.phone ?? '', email: p?.email ?? p?.user?.email ?? '', password: '',
    can_download_emails: p?.can_download_emails ?? false, can_apply_own_branding: p?.can_apply_own_branding ?? false,
    fees: (fees?.collection ?? []).map((f) => ({ price_min: sekText(f.price_min), price_max: sekText(f.price_max), fixed: sekText(f.fixed) })),
  };
}

/** The spec's field messages (002 §5), then, once every row is valid, the scheme rule (no overlaps, no holes). */
export function validatePromoterValues(v: PromoterFormValues): PromoterFormErrors {
  const errors = validatePromoterForm(v);
  if (!errors.fees) {
    const scheme = serviceFeeSchemeRowErrors(v.fees.map((f) => ({ price_min: f.price_min ?? null, price_max: f.price_max ?? null, fixed: f.fixed ?? null })));
    if (scheme) errors.fees = scheme;
  }
  return errors;
}

export function promoterBody(v: PromoterFormValues): PromoterBody {
  const { fees: _fees, password, ...rest } = v;
  return { ...rest, ...passwordPayload(password) };
}

export function feesBody(v: PromoterFormValues): ServiceFeesBatchBody['fees'] {
  return v.fees.map((f) => ({ price_min: f.price_min ?? null, price_max: f.price_max === '' ? null : (f.price_max ?? null), fixed: f.fixed ?? null }));
}

/** `{"fees.1.price_min": [msg]}` from the server as final-form's nested submit errors. */
export function nestedSubmitErrors(fields: Record<string, string[]>): Record<string, unknown> {
  let errors: object = {};
  for (const [path, messages] of Object.entries(fields)) errors = setIn(errors, path.replace(/\.(\d+)(?=\.|$)/g, '[$1]'), messages[0]);
  return errors as Record<string, unknown>;
}

export { hasErrors };
