// The route actions of a console list whose rows are added, edited, deleted and (some) pinned:
// each write's failure is toasted with what was being done (and thrown on, so the action answers
// `{ ok: false }`), its success with what was done and the row's name.
import { toast } from '../../../ui/toast'

type Payload = Record<string, unknown>

/** Runs a write and says how it went; resolves with what the write made (a new row's id). */
async function announce(doing: string, write: () => Promise<unknown>, done: () => void) {
  let made: unknown
  try {
    made = await write()
  } catch (error) {
    toast.error(`${doing}: ${(error as Error).message}`)
    throw error
  }
  done()
  return made
}

type RowWrites<Values> = {
  /** The row in the failure toasts: "The event" → "The event was not saved: …". */
  noun: string
  /** The row in the pin failure toasts, when it is called otherwise there ("The memo"). */
  pinNoun?: string
  /** The field naming the row, in the values and in the pin and delete payloads. */
  nameKey: string
  /** The success toast of a new row ("Event added"); an edit says "Saved". */
  added: string
  save: (values: Values, id: number | undefined) => Promise<unknown>
  pin?: (id: number, pinned: boolean) => Promise<unknown>
  remove: (id: number) => Promise<unknown>
}

/** The `save`, `delete` and (with `pin`) `pin` handlers for adminAction. */
export function rowWrites<Values extends Payload>(w: RowWrites<Values>) {
  const handlers: Record<string, (p: Payload) => Promise<unknown>> = {
    save: (p) => {
      const values = p.values as Values
      const id = typeof p.id === 'number' ? p.id : undefined
      return announce(
        `${w.noun} was not saved`,
        () => w.save(values, id),
        () => toast.success(id === undefined ? w.added : 'Saved', String(values[w.nameKey])),
      )
    },
    delete: (p) =>
      announce(
        `${w.noun} was not deleted`,
        () => w.remove(Number(p.id)),
        () => toast.success('Deleted', String(p[w.nameKey])),
      ),
  }
  const { pin } = w
  if (pin) {
    const noun = w.pinNoun ?? w.noun
    handlers.pin = (p) =>
      announce(
        p.pinned ? `${noun} was not pinned` : `${noun} was not unpinned`,
        () => pin(Number(p.id), Boolean(p.pinned)),
        () => toast.success(p.pinned ? 'Pinned' : 'Unpinned', String(p[w.nameKey])),
      )
  }
  return handlers
}
