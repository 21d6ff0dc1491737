import {
  availableMonthsSchema,
  availableYearsSchema,
  channelQuery,
  lastVouchersQuery,
  lastVouchersSchema,
  monthChartSchema,
  monthYearQuery,
  statusChartSchema,
  yearlyReportSchema,
  yearQuery,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

/** Spec §7 Dashboard: all GET, all scoped like the bookings list. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { dashboard } = services;
  const config = { permission: 'dashboard:view' as const };
  const tags = ['dashboard'];

  app.get(
    '/api/dashboard/voucher-by-month-chart',
    { config, schema: { tags, querystring: monthYearQuery, response: { 200: monthChartSchema } } },
    async (req) => dashboard.monthChart(authOf(req), req.query.month, req.query.year, req.query.channel),
  );
  app.get(
    '/api/dashboard/voucher-yearly-report',
    { config, schema: { tags, querystring: channelQuery, response: { 200: yearlyReportSchema } } },
    async (req) => dashboard.yearlyReport(authOf(req), req.query.channel),
  );
  app.get(
    '/api/dashboard/voucher-by-status-chart',
    { config, schema: { tags, querystring: monthYearQuery, response: { 200: statusChartSchema } } },
    async (req) => dashboard.statusChart(authOf(req), req.query.month, req.query.year, req.query.channel),
  );
  app.get(
    '/api/dashboard/year/available',
    { config, schema: { tags, querystring: channelQuery, response: { 200: availableYearsSchema } } },
    async (req) => dashboard.years(authOf(req), req.query.channel),
  );
  app.get(
    '/api/dashboard/month/available',
    { config, schema: { tags, querystring: yearQuery, response: { 200: availableMonthsSchema } } },
    async (req) => dashboard.months(authOf(req), req.query.year, req.query.channel),
  );
  app.get(
    '/api/dashboard/last-vouchers',
    { config, schema: { tags, querystring: lastVouchersQuery, response: { 200: lastVouchersSchema } } },
    async (req) => dashboard.last(authOf(req), req.query.limit, req.query.year, req.query.channel),
  );
};
