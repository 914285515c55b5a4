declare global {
  interface ImportMetaEnv {
    /** The external association admin page, with {companyId} where the company id goes. */
    readonly VITE_ASSOCIATION_ADMIN_URL?: string;
  }
}

/** The admin page of an association, or undefined when the build names none (or names something unsafe). */
export function associationAdminUrl(companyId: string, template: string | undefined = import.meta.env.VITE_ASSOCIATION_ADMIN_URL): string | undefined {
  if (!template || !template.includes('{companyId}')) return undefined;
  const url = template.replaceAll('{companyId}', encodeURIComponent(companyId));
  return /^https?:\/\//i.test(url) ? url : undefined;
}
