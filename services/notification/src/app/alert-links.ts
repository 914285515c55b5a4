/** The site's addresses an alert links to, all under the product's public URL (never taken from a request). */
export type AlertLinks = {
  /** Where a notification's Claim action POSTs the claim token. */
  claimUrl(): string;
  /** The page an alert email links to: the swarm and a 'Claim this swarm' button. */
  claimPageUrl(claimToken: string): string;
  /** The swarm's thumbnail, readable with the claim token while the report can be claimed. */
  thumbnailUrl(claimToken: string): string;
};

export function alertLinksUnder(publicUrl: string): AlertLinks {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    claimUrl: () => `${base}/api/alerts/claim`,
    claimPageUrl: (claimToken) => `${base}/claim/${claimToken}`,
    thumbnailUrl: (claimToken) => `${base}/api/alerts/claim/${claimToken}/thumbnail`,
  };
}
