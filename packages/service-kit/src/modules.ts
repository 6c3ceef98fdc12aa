import type { ServiceContext, ServiceDefinition } from './app';
import type { Migration } from './db';
import type { ServiceRouter } from './router';
import type { SettingsSchema } from './settings';

/**
 * One domain inside a service that hosts several (svc-coaching: planning and coaching): its
 * own paths, routes, migrations and tests, sharing the service's process and schema. A module
 * may register only the paths it owns, and its migrations are named after it, so two domains
 * grow side by side without stepping on each other.
 */
export interface ServiceModule<Settings = unknown> {
  name: string;
  /** The route-table paths this module answers. */
  owns(path: string): boolean;
  migrations: Migration[];
  routes(router: ServiceRouter, context: ServiceContext<Settings>): void;
}

export function defineModule<Settings = unknown>(module: ServiceModule<Settings>): ServiceModule<Settings> {
  return module;
}

/** The migrations of a service made of modules: each named after its module (`planning/001_…`). */
export function moduleMigrations(modules: Pick<ServiceModule<never>, 'name' | 'migrations'>[]): Migration[] {
  return modules.flatMap((m) => m.migrations.map((migration) => ({ ...migration, name: `${m.name}/${migration.name}` })));
}

/** The routes of a service made of modules: each module registers only the paths it owns. */
export function moduleRoutes<S extends SettingsSchema>(modules: ServiceModule<never>[]): ServiceDefinition<S>['routes'] {
  return (router, context) => {
    for (const m of modules) router.withModule(m.name, m.owns, () => m.routes(router, context as never));
  };
}

/** The migrations and routes of a service made of modules (the rest of its definition is its own). */
export function composeModules<S extends SettingsSchema>(
  modules: ServiceModule<never>[],
): Pick<ServiceDefinition<S>, 'migrations' | 'routes'> {
  return { migrations: moduleMigrations(modules), routes: moduleRoutes<S>(modules) };
}
