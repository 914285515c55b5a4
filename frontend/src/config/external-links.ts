/** Pages outside the product that it points visitors to. */
export const externalLinks = {
  /** Opened from the "They might be wasps" dialog: why wasps matter to the environment. */
  waspArticle: 'https://en.wikipedia.org/wiki/Wasp',
  /** Offered when no participating beekeeper covers the swarm's address. */
  beekeeperSearch: 'https://www.google.com/search?q=beekeepers+near+me',
} as const;
