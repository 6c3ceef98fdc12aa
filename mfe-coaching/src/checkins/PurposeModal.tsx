import { Modal } from '@cc/ui';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';
import { CHECKIN_PURPOSES } from './purposes';

/** The check-in's purpose: closes by the ×, the close button or a backdrop click (spec §2). A lazy chunk: it brings @cc/ui. */
export default function PurposeModal({ type, onClose }: { type: QuestionnaireType; onClose: () => void }) {
  const purpose = CHECKIN_PURPOSES[type];
  return (
    <Modal
      open
      onClose={onClose}
      title={purpose.title}
      className="coaching-purpose"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p data-testid="purpose-text">{purpose.text}</p>
    </Modal>
  );
}
