import { useQuery } from '@tanstack/react-query';
import { autocompletePlaces } from '../../../shared/place-autocomplete';

/**
 * The airport of a hotel's city, for the cross-sell's prefilled search: the place autocomplete
 * (`POST /api/place/autocomplete?type=city,airport`) lists a city and then its airports, main first
 * (decision 0235). Null when the city has no airport with an IATA code in our places.
 */
export async function nearestAirport(city: string) {
  const found = await autocompletePlaces(city, { types: ['city', 'airport'], limit: 10 });
  const cityPlace = found.find((p) => p.type === 'city') ?? null;
  const airport = found.find((p) => p.type === 'airport' && p.iataCode) ?? null;
  return {
    city: cityPlace ? { placeId: cityPlace._id } : null,
    airport: airport?.iataCode ? { code: airport.iataCode, placeId: airport._id, name: airport.name } : null,
  };
}

export const useNearestAirport = (city: string | null) =>
  useQuery({
    queryKey: ['nearest-airport', city],
    queryFn: () => nearestAirport(city as string),
    enabled: Boolean(city),
    staleTime: 300_000,
  });
