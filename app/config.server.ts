import path from "node:path";
import { z } from "zod";
import type { SiteSettings } from "./site-settings.ts";
import { parseSetting, SETTING_BY_NAME, type SettingName, type StaffSettings } from "./features/settings/schema.ts";

/**
 * Every setting the server reads, validated once at start-up.
 * `.env.example` lists each of them with its default; the README explains them.
 */
const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** A setting staff may change: checked by the same rule as their form, with the same message. */
function staffSetting<N extends SettingName>(name: N, fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const parsed = parseSetting(SETTING_BY_NAME[name], v);
      if (parsed.ok) return parsed.value as StaffSettings[N];
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });
}

const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      if (v === "true") return true as const;
      if (v === "false") return false as const;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 0) return n;
      ctx.addIssue({ code: "custom", message: "must be true, false or a number of proxy hops" });
      return z.NEVER;
    }),
  SEED_DEMO_CONTENT: boolish.default(true),
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  ADMIN_LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(5),
  ADMIN_LOGIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(20),
  ADMIN_LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  ORG_NAME: z.string().min(1).default("Mindful Path Institute"),
  CONTACT_EMAIL: z.email({ error: "must be an email address" }).default("hello@mindfulpath.example"),
  SOCIAL_FACEBOOK_URL: url.default("https://www.facebook.com/"),
  SOCIAL_INSTAGRAM_URL: url.default("https://www.instagram.com/"),
  SOCIAL_LINKEDIN_URL: url.default("https://www.linkedin.com/"),
  CREDIT_NAME: z.string().min(1).default("Studio Lumen"),
  CREDIT_URL: url.default("https://example.com/"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
  // Staff may change these on /admin/settings (decision 0038); the variable is the default until they do.
  REMINDER_DAYS: staffSetting("reminderDays", "7,1"),
  RETENTION_PHOTO_DAYS: staffSetting("photoDays", "90"),
  RETENTION_REGISTRATION_YEARS: staffSetting("registrationYears", "3"),
  RETENTION_CONTACT_YEARS: staffSetting("contactYears", "2"),
  WAITING_LIST_OFFER_HOURS: staffSetting("offerHours", "24"),
  SESSION_JOBS_SECONDS: z.coerce.number().min(0.05).max(86_400).default(300),
});

export type AppConfig = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was given (else publicUrl is the localhost default). */
  publicUrlSet: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  trustProxy: boolean | number;
  seedDemoContent: boolean;
  formRateLimit: { points: number; windowSeconds: number };
  /** Staff sign-in attempts allowed per account and per client address in each window. */
  adminLogin: { accountLimit: number; addressLimit: number; windowSeconds: number };
  /** The staff cookie is `__Host-`-prefixed and Secure: true when PUBLIC_URL is https. */
  secureCookies: boolean;
  /** Anonymous page cache (decision 0018): the longest a page is kept, and the memory it may take; seconds 0 turns it off. */
  pageCache: { seconds: number; maxBytes: number };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; pollSeconds: number };
  /** How often the session mail jobs run (decision 0024). */
  sessionMail: { intervalSeconds: number };
  /**
   * The defaults of the settings staff may change (offer hours, reminder days,
   * retention periods): what applies while the `settings` table has no row for
   * one (decision 0038). Read the current values with `currentSettings()`.
   */
  settingDefaults: StaffSettings;
  site: SiteSettings;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable means "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.keys(schema.shape).map((k) => [k, env[k] === "" ? undefined : env[k]]),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`),
    );
  }
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "");
  return {
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === "production",
    port: c.PORT,
    host: c.HOST,
    publicUrl,
    publicUrlSet: c.PUBLIC_URL !== undefined,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    seedDemoContent: c.SEED_DEMO_CONTENT,
    formRateLimit: { points: c.FORM_RATE_LIMIT, windowSeconds: c.FORM_RATE_WINDOW_SECONDS },
    adminLogin: {
      accountLimit: c.ADMIN_LOGIN_ACCOUNT_LIMIT,
      addressLimit: c.ADMIN_LOGIN_ADDRESS_LIMIT,
      windowSeconds: c.ADMIN_LOGIN_WINDOW_SECONDS,
    },
    secureCookies: publicUrl.startsWith("https:"),
    pageCache: { seconds: c.PAGE_CACHE_SECONDS, maxBytes: Math.round(c.PAGE_CACHE_MAX_MB * 1024 * 1024) },
    mail: {
      smtpUrl: c.SMTP_URL,
      from: c.MAIL_FROM ?? `"${c.ORG_NAME.replace(/"/g, "")}" <${c.CONTACT_EMAIL}>`,
      outboxDir: path.join(path.resolve(c.DATA_DIR), "outbox"),
      pollSeconds: c.MAIL_POLL_SECONDS,
    },
    sessionMail: { intervalSeconds: c.SESSION_JOBS_SECONDS },
    settingDefaults: {
      offerHours: c.WAITING_LIST_OFFER_HOURS,
      reminderDays: c.REMINDER_DAYS,
      photoDays: c.RETENTION_PHOTO_DAYS,
      registrationYears: c.RETENTION_REGISTRATION_YEARS,
      contactYears: c.RETENTION_CONTACT_YEARS,
    },
    site: {
      orgName: c.ORG_NAME,
      contactEmail: c.CONTACT_EMAIL,
      social: {
        facebook: c.SOCIAL_FACEBOOK_URL,
        instagram: c.SOCIAL_INSTAGRAM_URL,
        linkedin: c.SOCIAL_LINKEDIN_URL,
      },
      credit: { name: c.CREDIT_NAME, url: c.CREDIT_URL },
      publicUrl,
    },
  };
}
