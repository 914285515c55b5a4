import { DEFAULT_GAZETTEER, type GazetteerPlace } from '@swarm/runtime/geocoding';
import { cellToLatLng, greatCircleDistance, UNITS } from 'h3-js';
import type { PlaceNames } from '../../app/ports.js';

/** Beyond this, the nearest known town says little of where a cell is: the cell goes unnamed. */
export const NEAR_PLACE_MAX_KM = 50;

/**
 * Names a cell by the town of the bundled gazetteer (the offline geocoder's: the largest US cities, every state
 * capital, some smaller towns) nearest its centre, as "Portland, OR": coarse, and the same for a cell of reports and a
 * cell of refused ones, which carry no town of their own.
 */
export class GazetteerPlaceNames implements PlaceNames {
  private readonly places: { name: string; point: [number, number] }[];

  constructor(gazetteer: readonly GazetteerPlace[] = DEFAULT_GAZETTEER) {
    this.places = gazetteer.map((place) => ({ name: place.name.replace(/, USA$/, ''), point: [place.latitude, place.longitude] }));
  }

  nearTo(h3Cell: string): string | undefined {
    const centre = cellToLatLng(h3Cell);
    let nearest: { name: string; km: number } | undefined;
    for (const place of this.places) {
      const km = greatCircleDistance(centre, place.point, UNITS.km);
      if (!nearest || km < nearest.km) nearest = { name: place.name, km };
    }
    return nearest && nearest.km <= NEAR_PLACE_MAX_KM ? nearest.name : undefined;
  }
}
