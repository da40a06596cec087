import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { AlertCircle } from 'lucide-react';
import {
  CIRCLE_DESCRIPTION_MAX,
  CIRCLE_JOIN_POLICIES,
  CIRCLE_NAME_MAX,
  POST_HASHTAGS,
  areaNameOf,
  type Circle,
  type CircleJoinPolicy,
  type EditCircleBody,
  type PostHashtag,
} from '@saathi/contracts';
import { useCreateCircle, useEditCircle } from '../api/use-circles';
import { JOIN_POLICY_HINTS, JOIN_POLICY_LABELS } from '../lib/circle-text';
import { serverMessage } from '../lib/error-message';
import { isPostHashtag } from '../lib/feed-pages';
import type { UserLocation } from '../lib/location';
import { toast } from '../lib/toast-store';
import { handleUnauthorized } from '../lib/unauthorized';
import { DialogCloseButton } from './dialog-close-button';
import { FieldError } from './field-error';
import { ModalDialog } from './modal-dialog';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from './ui';

interface CircleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this circle; absent: a new circle at `location`. */
  circle?: Circle;
  /** The creator's point: a new circle's home (the server snaps and names it). */
  location?: UserLocation | null;
}

interface Errors {
  name?: string;
  description?: string;
  topic?: string;
  /** The server's refusal that names no field (too many circles, not an organiser…). */
  form?: string;
}

/** "Create a circle" (or "Edit circle"): name, description, topic and who may join. */
export default function CircleFormDialog({ open, onOpenChange, circle, location }: CircleFormDialogProps) {
  const navigate = useNavigate();
  const id = useId();
  const [name, setName] = useState(circle?.name ?? '');
  const [description, setDescription] = useState(circle?.description ?? '');
  const [topic, setTopic] = useState<PostHashtag | ''>(
    circle && isPostHashtag(circle.topic) ? circle.topic : '',
  );
  const [joinPolicy, setJoinPolicy] = useState<CircleJoinPolicy>(circle?.joinPolicy ?? 'open');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCircle();
  const edit = useEditCircle(circle?.id ?? '');
  const pending = create.isPending || edit.isPending;
  const editing = !!circle;

  const failed = (error: unknown) => {
    if (handleUnauthorized(error)) return;
    setErrors({ form: serverMessage(error) ?? 'Something went wrong. Please try again.' });
  };

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = 'Please name your circle';
    if (!description.trim()) next.description = 'Please describe your circle';
    if (!topic) next.topic = 'Choose a topic';
    setErrors(next);
    if (next.name || next.description || !topic) return;
    if (circle) {
      // Only what changed: an edit of nothing is refused by the server.
      const body: EditCircleBody = {
        ...(name.trim() !== circle.name ? { name: name.trim() } : {}),
        ...(description.trim() !== circle.description ? { description: description.trim() } : {}),
        ...(topic !== circle.topic ? { topic } : {}),
        ...(joinPolicy !== circle.joinPolicy ? { joinPolicy } : {}),
      };
      if (Object.keys(body).length === 0) {
        onOpenChange(false);
        return;
      }
      edit.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Circle updated', description: 'Your changes are saved.' });
          onOpenChange(false);
        },
        onError: failed,
      });
      return;
    }
    if (!location) {
      setErrors({ form: 'Location is required to create a circle' });
      return;
    }
    create.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        topic,
        joinPolicy,
        latitude: location.latitude,
        longitude: location.longitude,
      },
      {
        onSuccess: (created) => {
          toast({ title: 'Circle created', description: 'People nearby can find it now.' });
          onOpenChange(false);
          void navigate(`/circles/${created.id}`);
        },
        onError: failed,
      },
    );
  };

  const topicId = `${id}-topic`;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit circle' : 'Create a circle'}
      description={
        editing
          ? 'Its home stays where it was made.'
          : location
            ? `A lasting group for people within 1 km. Others see the area: ${areaNameOf(location)}.`
            : 'Choose a location first.'
      }
      width="lg"
    >
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        {errors.form ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {errors.form}
          </p>
        ) : null}
        <TextField
          id={`${id}-name`}
          label="Name"
          value={name}
          onChange={setName}
          maxLength={CIRCLE_NAME_MAX}
          autoComplete="off"
          placeholder="Saturday Shuttlers"
          error={errors.name}
        />
        <TextAreaField
          id={`${id}-description`}
          label="Description"
          rows={4}
          value={description}
          onChange={setDescription}
          maxLength={CIRCLE_DESCRIPTION_MAX}
          placeholder="What you do together, when, and who it suits."
          error={errors.description}
        />
        <div>
          <label htmlFor={topicId} className={labelClass}>
            Topic
          </label>
          <select
            id={topicId}
            className={inputClass}
            value={topic}
            onChange={(e) => setTopic(isPostHashtag(e.target.value) ? e.target.value : '')}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={errors.topic ? `${topicId}-error` : undefined}
          >
            <option value="" disabled>
              Choose a topic
            </option>
            {POST_HASHTAGS.map((tag) => (
              <option key={tag} value={tag}>
                #{tag}
              </option>
            ))}
          </select>
          <FieldError id={`${topicId}-error`} message={errors.topic} />
        </div>
        <fieldset>
          <legend className={labelClass}>Who can join</legend>
          <div className="space-y-2">
            {CIRCLE_JOIN_POLICIES.map((policy) => (
              <label
                key={policy}
                className="flex items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm text-slate-800 has-checked:border-teal-600 has-checked:bg-teal-50"
              >
                <input
                  type="radio"
                  name={`${id}-policy`}
                  value={policy}
                  checked={joinPolicy === policy}
                  onChange={() => setJoinPolicy(policy)}
                  className="h-4 w-4 accent-teal-700"
                />
                <span>
                  <span className="font-semibold">{JOIN_POLICY_LABELS[policy]}</span>:{' '}
                  {JOIN_POLICY_HINTS[policy]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Dialog.Close className={buttonSecondary}>Cancel</Dialog.Close>
          <button type="submit" className={buttonPrimary} disabled={pending}>
            {pending ? 'Saving...' : editing ? 'Save changes' : 'Create circle'}
          </button>
        </div>
      </form>
      <DialogCloseButton />
    </ModalDialog>
  );
}
