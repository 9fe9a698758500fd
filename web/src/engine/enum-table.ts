// Enum members by name and names by member, for every enum the bindings register. The names
// come from generated/names.ts and the members from the module; both are built together, and
// a module rebuilt alone (names added or moved) is refused at load rather than trusted to
// name things rightly.
/// <reference path="./astar-wasm.d.ts" />
import { shown } from './checks';
import type { EnumMember, EnumObject } from './generated/astar-wasm.mjs';

/** Thrown when the wasm module was rebuilt without the names generated from it (see EnumTable). */
export function staleBuild(what: string): Error {
  return new Error(`astar-wasm.mjs does not match generated/names.ts (${what}): run the build (node scripts/build.mjs), which regenerates both`);
}

/**
 * An enum's members by name and names by integer value, built once per module from the
 * names generated from it (generated/names.ts). The two come from the same build; should the
 * module have been rebuilt alone, with names added or moved, the engine refuses to load
 * rather than name things wrongly.
 */
export class EnumTable<Name extends string> {
  private readonly byName = new Map<string, EnumMember<Name>>();

  constructor(
    private readonly kind: string,
    members: EnumObject<Name>,
    private readonly names: readonly Name[],
  ) {
    names.forEach((name, value) => {
      const member = members[name];
      if (member?.value !== value) throw staleBuild(`${kind} ${JSON.stringify(name)}`);
      this.byName.set(name, member);
    });
    if (Object.keys(members).length !== names.length + 1) throw staleBuild(`the ${kind} names`); // + `values`
  }

  /** The member named `name`, or a RangeError naming the kind and listing the names. */
  member(name: unknown): EnumMember<Name> {
    const member = typeof name === 'string' ? this.byName.get(name) : undefined;
    if (!member) {
      throw new RangeError(`unknown ${this.kind} ${shown(name)}; expected one of ${this.names.join(', ')}`);
    }
    return member;
  }

  name(member: EnumMember<Name>): Name {
    return this.names[member.value]!;
  }
}
