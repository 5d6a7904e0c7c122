import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/_public/layout.tsx", [
    index("routes/_public/home.tsx"),
    route("about", "routes/_public/about.tsx"),
    route("contact-us", "routes/_public/contact-us.tsx"),
    route("decode", "routes/_public/decode.tsx"),
    route("decode/level/:id", "routes/_public/decode-level.tsx"),
    route("schedule", "routes/_public/schedule.tsx"),
    route("tasso", "routes/_public/tasso.tsx"),
    route("family-constellation", "routes/_public/family-constellation.tsx"),
    route("ich", "routes/_public/ich.tsx"),
    route("ich/levels", "routes/_public/ich-levels.tsx"),
    route("ich/level/:id", "routes/_public/ich-level.tsx"),
    route("level/:levelNumber", "routes/_public/level.tsx"),
    route("level-one", "routes/_public/level.tsx", { id: "level-one" }),
    route("level-two", "routes/_public/level.tsx", { id: "level-two" }),
    route("level-three", "routes/_public/level.tsx", { id: "level-three" }),
    route("level-four", "routes/_public/level.tsx", { id: "level-four" }),
    route("register/:sessionId", "routes/_public/register.tsx"),
    route("privacy-policy", "routes/_public/privacy-policy.tsx"),
    route("coming-soon", "routes/_public/coming-soon.tsx"),
    route("*", "routes/_public/not-found.tsx"),
  ]),
  // Staff area (issue 9): every route below the admin layout passes its sign-in middleware.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("logout", "routes/admin/logout.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route(":section", "routes/admin/section.tsx"),
    ]),
  ]),
  ...prefix("api", [
    route("openapi.json", "routes/api/openapi.ts"),
    // Staff API: files under routes/api/admin/ (login excepted) answer 401 without a session or token.
    route("admin/login", "routes/api/admin/login.ts"),
    route("admin/logout", "routes/api/admin/logout.ts"),
    route("admin/audit", "routes/api/admin/audit.ts"),
    route("contact", "routes/api/contact.ts"),
    route("decode/user", "routes/api/decode-user.ts"),
    route("decode/user/:id", "routes/api/decode-user-one.ts"),
    route("hypnotherapy/user", "routes/api/hypnotherapy-user.ts"),
    route("hypnotherapy/user/:id", "routes/api/hypnotherapy-user-one.ts"),
    route("registration", "routes/api/registration.ts"),
    route("ich/ich-registration", "routes/api/ich-registration.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
] satisfies RouteConfig;
