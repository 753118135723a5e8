// What other features may use of payments (the dependency rules let them import this file and nothing
// else here): the button that opens Stripe's customer portal, also shown on the profile, and the card form.
export { ManageSubscriptionButton } from "./manage-subscription";
// What a patron receives, on the subscribe page and on her profile's membership tab.
export { PATRON_BENEFITS, PatronBenefitList } from "./patron-benefits";
// The card form (Stripe's Payment Element), for buying a course.
export { PaymentForm } from "./payment-form";
// Whether this site takes payments: the dashboard's Revenue tab says so plainly when it does not.
export { paymentsConfigured } from "./payments-config";
// What the payment pages say when this site takes no payments: also what a priced course says then.
export { PaymentsUnavailable } from "./payments-unavailable";
