-- Editable catalogues of /product/hotel/configuration/ (issue 4, decision 0089): boards (the standard
-- codes, which can be deactivated), hotel amenities, room features and child age bands.
create table hotel_catalogue_items (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('board', 'amenity', 'room-feature', 'child-age-band')),
  code text check (code is null or code in ('RO', 'BB', 'HB', 'FB', 'AI')),
  label text not null check (length(label) between 1 and 80),
  age_from smallint check (age_from between 0 and 17),
  age_to smallint check (age_to between 0 and 17),
  active boolean not null default true,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'board') = (code is not null)),
  check ((kind = 'child-age-band') = (age_from is not null and age_to is not null and age_from <= age_to))
);
create unique index hotel_catalogue_items_label on hotel_catalogue_items (kind, lower(label));
create unique index hotel_catalogue_items_code on hotel_catalogue_items (code) where code is not null;

insert into hotel_catalogue_items (kind, code, label, position) values
  ('board', 'RO', 'Solo alojamiento', 0),
  ('board', 'BB', 'Alojamiento y desayuno', 1),
  ('board', 'HB', 'Media pensión', 2),
  ('board', 'FB', 'Pensión completa', 3),
  ('board', 'AI', 'Todo incluido', 4);
insert into hotel_catalogue_items (kind, label, position)
select 'amenity', a, n::int - 1 from unnest(array['Wifi', 'Piscina', 'Playa', 'Spa', 'Gimnasio', 'Restaurante', 'Bar',
  'Parqueadero', 'Aire acondicionado', 'Club infantil', 'Traslado al aeropuerto', 'Accesible', 'Admite mascotas'])
  with ordinality as t(a, n);
insert into hotel_catalogue_items (kind, label, position)
select 'room-feature', f, n::int - 1 from unnest(array['Vista al mar', 'Balcón', 'Cocineta', 'Jacuzzi', 'Minibar',
  'Caja fuerte', 'Televisión', 'Escritorio', 'Baño privado', 'No fumadores'])
  with ordinality as t(f, n);
insert into hotel_catalogue_items (kind, label, age_from, age_to, position) values
  ('child-age-band', 'Bebé', 0, 1, 0),
  ('child-age-band', 'Niño', 2, 11, 1),
  ('child-age-band', 'Adolescente', 12, 17, 2);

alter table hotel_room_types add column features text[] not null default '{}';
