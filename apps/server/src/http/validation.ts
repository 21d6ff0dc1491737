import { rejectForbiddenInput } from '@travesia/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The zod validator compiler with one rule in front of every request schema (body, query, params):
 * no NUL character in any text and no absurd nesting (contracts' rejectForbiddenInput), so no route
 * can forget it and PostgreSQL never sees a NUL (docs/decisions/0122-nul-and-depth.md).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: rejectForbiddenInput(route.schema) });
