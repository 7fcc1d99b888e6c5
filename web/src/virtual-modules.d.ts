/** Written at build time by web/vite.config.ts from the route table (shared/routes). */
declare module 'virtual:route-paths' {
  const routes: readonly {
    id: string;
    method: 'GET' | 'POST';
    path: string;
    auth: boolean;
  }[];
  export default routes;
}
