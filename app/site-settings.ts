/** What the browser may know of the configuration: no secrets in here. */
export type SiteSettings = {
  orgName: string;
  contactEmail: string;
  social: { facebook: string; instagram: string; linkedin: string };
  credit: { name: string; url: string };
  publicUrl: string;
};
