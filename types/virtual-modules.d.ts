// React Router's server build, resolved by its Vite plugin when server.ts is bundled.
declare module "virtual:react-router/server-build";

