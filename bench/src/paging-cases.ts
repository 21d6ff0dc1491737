/** What the hotel-paging bench and its cold-process children page with (bench/hotel-paging.ts). */
import type { HotelSort } from '../../apps/server/src/modules/booking/hotel/cache.js';

export const sorts: HotelSort[] = ['price', '-price', 'name', '-category'];
export const filterOf = (i: number) => (i % 3 ? { boards: ['BB', 'AI'] } : { refundable: true, stars: [4, 5] });
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const PREFIX = 'travesia-bench:';
