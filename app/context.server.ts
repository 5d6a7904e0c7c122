import { createContext } from "react-router";
import type { RateLimiterAbstract, RateLimiterStoreAbstract } from "rate-limiter-flexible";
import type { Logger } from "pino";
import type { AppConfig } from "./config.server.ts";
import type { Database } from "./db/db.server.ts";
import type { Mailer } from "./features/mail/mailer.server.ts";
import type { MailWorker } from "./features/mail/outbox.server.ts";
import type { UploadSlots } from "./lib/upload-slots.server.ts";

/** Long-lived services, made once at start-up (server/app.ts). */
export type AppServices = {
  config: AppConfig;
  db: Database;
  logger: Logger;
  /** Counts public form submissions per client address, in the database so every instance shares it. */
  formLimiter: RateLimiterAbstract | RateLimiterStoreAbstract;
  /** Staff sign-in attempts, counted per account and per address before any password is hashed. */
  loginLimiters: {
    account: RateLimiterAbstract | RateLimiterStoreAbstract;
    address: RateLimiterAbstract | RateLimiterStoreAbstract;
  };
  mailer: Mailer;
  /** Sends what the outbox holds; `kick()` after queuing mail. */
  mailWorker: MailWorker;
  /** Registrations with photos read within this process's memory budget, two at a time per address (decision 0114). */
  uploadSlots: UploadSlots;
};

/** Facts about the one request being served. */
export type RequestInfo = {
  requestId: string;
  /** The client's address (after TRUST_PROXY): a rate-limit key, and kept in the staff audit trail; never logged. */
  ip: string;
  /** The CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The address could not be decoded (server/guards.ts): the page answers 400. */
  badRequest?: boolean;
  /**
   * Every error a loader, action or render let escape (entry.server.tsx's
   * handleError): the shell logs it and, when the database could not be used,
   * answers 503/507 instead of 500 (decision 0033).
   */
  reportError?: (error: unknown) => void;
};

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
