/**
 * Settings the console saves that nothing in this product reads (docs/settings-effects.md). The spec (002 §2, §3;
 * 000 §3) names them and their screens but gives them no effect inside the console: they are for the public shop and
 * the Arena app, which are not part of this product. Each screen that saves one says so with these words, so nobody
 * believes that saving it changed a sale, a reservation or a ticket here. tests/unit/settingEffects.test.ts checks
 * that the server still reads none of the columns listed, so the words cannot go stale unnoticed.
 */

/** Settings → Fees, under the admin fee. A box-office sale charges its reservation's extra fee (001 §9), not this. */
export const ADMIN_FEE_EFFECT =
  'Nothing in this console charges this fee: a box-office sale charges its reservation\'s extra fee instead. It is kept for the shop, which is not part of this product.';

/** Event → Restrictions, above the form. Kids allowed is the one rule read here (kid's tickets in the corporate app). */
export const RESTRICTIONS_EFFECT =
  'These rules are for the shop and the Arena app, which are not part of this product: nothing here enforces the ticket limit, reservation time, resale, age or QR settings. Kids allowed takes effect here: it lets corporates add kid\'s tickets.';

/** Settings → FAQ, above the list. */
export const FAQ_EFFECT =
  'These questions are for the Arena app and the event manager, which are not part of this console: nothing here shows them but this list.';

/**
 * The stored columns behind those words: what tests/unit/settingEffects.test.ts reads the server's code for. The
 * files that only save, answer or copy them are named, with their reason, in the test.
 */
export const SETTINGS_READ_BY_NOTHING = [
  'admin_fee_ore',
  'max_number_tickets', 'reservation_time', 'sell_on_market', 'sell_to_friend', 'resell_in_group', 'resell_max_percent',
  'age_restriction', 'qr_first_generation_time', 'qr_inevent_showing_time',
  'faq_items',
] as const;

/**
 * Settings → VAT, per kind of category. Every category's rate is offered by the finance report's VAT % dropdowns; the
 * ticket rates also by the event form's Ticket VAT (GET api/vats). What a product or a fee is charged is not chosen
 * from them: a product's VAT follows its type when it is created (server/routes/merchandise/merchandiseWrite.ts) and
 * an order's fees carry orders.fees_vat (25 % unless set).
 */
export const VAT_EFFECT = {
  ticket: 'The event form\'s Ticket VAT and the finance report\'s VAT % offer these rates; an event\'s tickets carry the rate chosen on its form.',
  merchandise: 'The finance report\'s VAT % offers these rates. A product\'s own VAT follows its type (programmes and prints 6 %, food 12 %, gift cards 0 %, everything else 25 %).',
  fee: 'The finance report\'s VAT % offers these rates. Service and admin fees are charged with 25 % VAT.',
} as const;
