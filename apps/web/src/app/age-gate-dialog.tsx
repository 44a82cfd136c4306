// The age gate's dialog (docs/product/pages.md#age-gate), its own chunk: once the page is live it
// takes over from the server's plain door with the same look (age-gate-door.tsx): focus trapped on
// the door, the page behind it inert. Only its two buttons close it — Escape and outside clicks are
// swallowed.
import * as RadixDialog from '@radix-ui/react-dialog'
import { GateDoor } from './age-gate-door'

export function AgeGateDialog({ onEnter }: { onEnter: () => void }) {
  const stay = (event: Event) => event.preventDefault()
  return (
    <RadixDialog.Root open>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="gate-overlay" />
        <RadixDialog.Content
          className="gate"
          onEscapeKeyDown={stay}
          onPointerDownOutside={stay}
          onInteractOutside={stay}
        >
          <GateDoor
            onEnter={onEnter}
            Title={RadixDialog.Title}
            Description={RadixDialog.Description}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
