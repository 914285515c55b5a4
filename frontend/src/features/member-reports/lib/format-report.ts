/** Feet above the ground; nothing when the report has no elevation. */
export const formatElevation = (feet: number | null): string => (feet === null ? '' : `${feet} ft`);

/** Spec §2: distance from the member's home in miles with 2 decimals. */
export const formatDistance = (miles: number | null): string => (miles === null ? '' : `${miles.toFixed(2)} mi`);
