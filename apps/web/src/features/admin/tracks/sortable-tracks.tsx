// One volume's tracks as a list the team reorders by dragging a track's handle (mouse or touch)
// or by keyboard (dnd-kit, decision 332): focus a handle, Space to pick the track up, the arrow
// keys to move it, Space to drop it, Escape to put it back; screen readers hear each step by
// the track's name. Up and down buttons do the same one step at a time. Every drop is saved.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { Track } from './api/track-order'

type SortableTracksProps = {
  /** The volume's name, e.g. '1st Volume'. */
  title: string
  tracks: Track[]
  /** Called with the whole new order after every move. */
  onReorder: (tracks: Track[]) => void
  disabled?: boolean
}

function trackName(name: string): string {
  return name.replace(/\.(mp3|m4a|wav)$/i, '')
}

function SortableTrack({
  track,
  index,
  count,
  onMove,
  disabled,
}: {
  track: Track
  index: number
  count: number
  onMove: (from: number, to: number) => void
  disabled: boolean
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: track.id, disabled })
  const name = trackName(track.name)
  return (
    <li
      ref={setNodeRef}
      className={`track-item${isDragging ? ' track-item--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="track-item__handle"
        aria-label={`Move ${name}, track ${index + 1} of ${count}`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="track-item__number" aria-hidden="true">
        {index + 1}
      </span>
      <span className="track-item__name">{name}</span>
      <span className="track-item__steps">
        <button
          type="button"
          className="btn btn--secondary admin-btn--small"
          aria-label={`Move ${name} up`}
          disabled={disabled || index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          Up
        </button>
        <button
          type="button"
          className="btn btn--secondary admin-btn--small"
          aria-label={`Move ${name} down`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          Down
        </button>
      </span>
    </li>
  )
}

export function SortableTracks({
  title,
  tracks,
  onReorder,
  disabled = false,
}: SortableTracksProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const nameOf = (id: string | number) => trackName(tracks.find((t) => t.id === id)?.name ?? '')
  const placeOf = (id: string | number | undefined) =>
    id === undefined ? 0 : tracks.findIndex((t) => t.id === id) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, track ${placeOf(active.id)} of ${tracks.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over place ${placeOf(over.id)} of ${tracks.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at place ${placeOf(over.id)} of ${tracks.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving ${nameOf(active.id)} was cancelled; it stays where it was.`,
  }
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= tracks.length) return
    onReorder(arrayMove(tracks, from, to))
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    move(
      tracks.findIndex((t) => t.id === active.id),
      tracks.findIndex((t) => t.id === over.id),
    )
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a track, press Space, then the up and down arrow keys, then Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={tracks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <ol className="track-list" aria-label={`${title} tracks`}>
          {tracks.map((t, i) => (
            <SortableTrack
              key={t.id}
              track={t}
              index={i}
              count={tracks.length}
              onMove={move}
              disabled={disabled}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}
