export declare const STAND_IN: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceId: string;
  priceCents: number;
};

export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  query: Record<string, any>;
}

export interface StripeStandIn {
  url: string;
  customers: Map<string, Record<string, any>>;
  subscriptions: Map<string, Record<string, any>>;
  invoices: Map<string, Record<string, any>>;
  paymentIntents: Map<string, Record<string, any>>;
  products: Map<string, Record<string, any>>;
  portalSessions: Array<Record<string, any>>;
  requests: StandInRequest[];
  failNext(status?: number, message?: string): void;
  setSubscriptionStatus(id: string, status: string): Record<string, any>;
  payFirstInvoice(id: string): {
    subscription: Record<string, any>;
    invoice: Record<string, any>;
    paymentIntent: Record<string, any>;
  };
  payNextInvoice(id: string): Record<string, any>;
  succeedPaymentIntent(id: string): Record<string, any>;
  refundPaymentIntent(id: string, amount?: number): Record<string, any>;
  close(): Promise<void>;
}

export declare function parseForm(text: string): Record<string, any>;
export declare function createStripeStandIn(options?: {
  port?: number;
  secretKey?: string;
  prices?: Record<string, number>;
}): Promise<StripeStandIn>;
export declare function start(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }>;
