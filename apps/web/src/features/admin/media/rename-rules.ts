// The rename dialog's rules: one level (no '/'), not empty, a name Storage accepts, and the old
// extension kept when the new name has none (typing another extension changes it on purpose).
import { extensionOf, nameProblem } from './upload-checks'

/** The name that will be stored for what the admin typed. */
export function renamedTo(typed: string, oldName: string): string {
  const name = typed.trim()
  const oldExtension = extensionOf(oldName)
  if (name === '' || extensionOf(name) !== '' || oldExtension === '') return name
  return `${name}.${oldExtension}`
}

/** Why the rename cannot go ahead, or null. */
export function renameProblem(
  typed: string,
  oldName: string,
  taken: readonly string[],
): string | null {
  const target = renamedTo(typed, oldName)
  const problem = nameProblem(target)
  if (problem) return problem
  if (target === oldName) return 'That is already its name.'
  if (taken.includes(target)) return `There is already a file called ${target}.`
  return null
}

/** The part of a name before its extension, which the dialog selects for typing over. */
export function baseLength(name: string): number {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? dot : name.length
}
