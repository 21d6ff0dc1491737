import dayjs from 'dayjs';
import { useState } from 'react';

/** The month a calendar shows (starting today's) and its first and last day as API dates. */
export function useMonth() {
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  return { month, setMonth, from: month.format('YYYY-MM-DD'), to: month.endOf('month').format('YYYY-MM-DD') };
}
