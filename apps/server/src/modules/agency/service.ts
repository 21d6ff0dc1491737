import { type CreateAgencyBody, MESSAGES, type UpdateAgencyBody } from '@travesia/contracts';
import type { AgencyRow } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import type { AgencyRepository } from './repository.js';

type Create = Required<Pick<CreateAgencyBody, 'name'>> & Omit<CreateAgencyBody, 'name'>;

/** Agencies are managed by super only (the route's permission says so). */
export class AgencyService {
  constructor(private readonly repo: AgencyRepository) {}

  list(q: string | undefined, page: number, limit: number) {
    return this.repo.list(q, page, limit);
  }

  async get(id: string): Promise<AgencyRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound(MESSAGES['agency.notFound']);
    return row;
  }

  async create(input: Create): Promise<AgencyRow> {
    if (await this.repo.findByName(input.name)) throw conflict(MESSAGES['agency.nameTaken']);
    return this.repo.insert(clean(input));
  }

  /** Only what is given changes: module flags merge into the stored ones, a Disney or Universal list given replaces that list. */
  async update(id: string, input: UpdateAgencyBody): Promise<AgencyRow> {
    const current = await this.get(id);
    if (input.name) {
      const other = await this.repo.findByName(input.name);
      if (other && other.id !== id) throw conflict(MESSAGES['agency.nameTaken']);
    }
    const { options, distributed, ...rest } = input;
    const merged: UpdateAgencyBody = {
      ...rest,
      ...(options ? { options: { ...current.options, ...options } } : {}),
      ...(distributed ? { distributed: { ...current.distributed, ...distributed } } : {}),
    };
    const row = await this.repo.update(id, clean(merged));
    if (!row) throw notFound(MESSAGES['agency.notFound']);
    return row;
  }
}

/** Keeps only the flags that are on, so `options` reads as the set of enabled modules. */
function clean<T extends UpdateAgencyBody>(input: T) {
  const { options, distributed, ...rest } = input;
  return {
    ...rest,
    ...(options ? { options: Object.fromEntries(Object.entries(options).filter(([, on]) => on === true)) as Record<string, boolean> } : {}),
    ...(distributed ? { distributed: { disney: distributed.disney ?? [], universal: distributed.universal ?? [] } } : {}),
  };
}
