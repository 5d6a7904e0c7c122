/** Every public page that search engines should know, for the sitemap. */
export const publicPages: Array<{ path: string; priority: number }> = [
  { path: "/", priority: 1.0 },
  { path: "/about", priority: 0.7 },
  { path: "/decode", priority: 0.9 },
  { path: "/ich", priority: 0.9 },
  { path: "/ich/levels", priority: 0.6 },
  { path: "/tasso", priority: 0.8 },
  { path: "/family-constellation", priority: 0.8 },
  { path: "/schedule", priority: 0.9 },
  { path: "/contact-us", priority: 0.6 },
  { path: "/privacy-policy", priority: 0.3 },
];
