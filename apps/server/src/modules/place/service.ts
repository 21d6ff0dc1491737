import { type AutocompleteBody, can, PLACE_MESSAGES, type PlaceInput, type PlaceType, type PlaceUpdate } from '@travesia/contracts';
import type { PlaceRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { FileService } from '../file/service.js';
import type { ListFilter, NewPlace, PlaceRepository } from './repository.js';

const m = PLACE_MESSAGES;
const placeNotFound = () => new AppError(404, 'NOT_FOUND', m['place.notFound']);

/**
 * Places: every signed-in user reads and searches active places (`places:read`); super and
 * product-loader (`places:manage`) also see inactive ones, create and edit. The tree is kept by the
 * repository: a place can never end up inside itself.
 */
export class PlaceService {
  constructor(
    private readonly repo: PlaceRepository,
    private readonly files: FileService,
  ) {}

  private seesInactive(actor: AuthContext) {
    return can(actor.user.type, 'places:manage');
  }

  async get(actor: AuthContext, id: string): Promise<PlaceRow> {
    const row = await this.repo.findById(id);
    if (!row || (!row.active && !this.seesInactive(actor))) throw placeNotFound();
    return row;
  }

  list(actor: AuthContext, filter: Omit<ListFilter, 'includeInactive'>, page: number, perPage: number) {
    return this.repo.list({ ...filter, includeInactive: this.seesInactive(actor) }, page, perPage);
  }

  async getByIds(actor: AuthContext, ids: string[]): Promise<PlaceRow[]> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findByIds(unique, this.seesInactive(actor));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // In the order asked; unknown (or hidden) ids are left out.
    return unique.flatMap((id) => byId.get(id) ?? []);
  }

  async autocomplete(
    actor: AuthContext,
    body: Required<Pick<AutocompleteBody, 'keyword'>> & { limit: number; parent?: string | null },
    types?: PlaceType[],
  ) {
    const key = await this.repo.normaliseKeyword(body.keyword);
    return this.repo.autocomplete({
      key,
      types,
      parentId: body.parent ?? null,
      limit: body.limit,
      includeInactive: this.seesInactive(actor),
    });
  }

  /** Active places only, for callers without a session (a storefront's destination search, issue 20). */
  /** An active place without a session (a storefront's transfer points); inactive or unknown: the same 404. */
  async getPublic(id: string): Promise<PlaceRow> {
    const row = await this.repo.findById(id);
    if (!row?.active) throw placeNotFound();
    return row;
  }

  async autocompletePublic(keyword: string, limit: number, types: PlaceType[]) {
    const key = await this.repo.normaliseKeyword(keyword);
    return this.repo.autocomplete({ key, types, parentId: null, limit, includeInactive: false });
  }

  /** Every place below `placeId` — for modules that search "in Colombia". */
  descendantIds(placeId: string) {
    return this.repo.descendantIds(placeId);
  }

  async create(actor: AuthContext, input: PlaceInput): Promise<PlaceRow> {
    const parent = input.parent ? await this.parentOrFail(input.parent) : undefined;
    await this.assertImages(input.images);
    const row = await this.repo.insert({
      ...this.values(input, parent),
      parentId: parent?.id ?? null,
      path: parent ? [...parent.path, parent.id] : [],
      ancestorNames: parent ? [...parent.ancestorNames, parent.name] : [],
      createdBy: actor.user.id,
    });
    await this.files.markPublic(input.images);
    return row;
  }

  async update(_actor: AuthContext, id: string, input: PlaceUpdate): Promise<PlaceRow> {
    if (!('name' in input)) {
      const row = await this.repo.setActive(id, input.active);
      if (!row) throw placeNotFound();
      return row;
    }
    if (input.parent === id) throw badRequest(m['place.parent.cycle'], { parent: m['place.parent.cycle'] });
    if (input.parent) await this.parentOrFail(input.parent);
    await this.assertImages(input.images);
    const parentForValues = input.parent ? await this.repo.findById(input.parent) : undefined;
    const row = await this.repo.update(id, this.values(input, parentForValues), {
      parentId: input.parent,
      assertMove: (parent) => {
        if (input.parent && !parent) throw badRequest(m['place.parent.notFound'], { parent: m['place.parent.notFound'] });
        if (parent && (parent.id === id || parent.path.includes(id)))
          throw badRequest(m['place.parent.cycle'], { parent: m['place.parent.cycle'] });
      },
    });
    if (!row) throw placeNotFound();
    await this.files.markPublic(input.images);
    return row;
  }

  private values(input: PlaceInput, parent: PlaceRow | undefined): Omit<NewPlace, 'parentId' | 'path' | 'ancestorNames'> {
    return {
      name: input.name,
      type: input.type,
      address: input.address,
      active: input.active,
      lat: input.lat,
      lng: input.lng,
      images: input.images,
      iataCode: input.iataCode,
      // A place is in its parent's country unless told otherwise.
      countryCode: input.countryCode ?? parent?.countryCode ?? null,
      // Null: the nearest ancestor's zone (decision 0450).
      timeZone: input.timeZone,
    };
  }

  private async parentOrFail(id: string) {
    const parent = await this.repo.findById(id);
    if (!parent) throw badRequest(m['place.parent.notFound'], { parent: m['place.parent.notFound'] });
    return parent;
  }

  private async assertImages(images: string[]) {
    if ((await this.files.missing(images)).length) throw badRequest(m['place.image.notFound'], { images: m['place.image.notFound'] });
  }
}
