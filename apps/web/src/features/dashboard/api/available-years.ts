import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getAvailableYears = (signal?: AbortSignal) => api<{ years: number[] }>('/api/dashboard/year/available', { signal });

export const useAvailableYears = () => useQuery({ queryKey: ['dashboard', 'years'], queryFn: ({ signal }) => getAvailableYears(signal) });
