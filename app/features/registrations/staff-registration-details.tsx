import { MailLink } from "~/components/admin/mail-link";
import { DetailSection } from "~/components/admin/staff-dialog";
import { PhotoThumbnail } from "~/components/admin/photo-thumbnail";
import type { RegistrationDetailView } from "./staff-registrations-page.server";
import { ATTENDANCE_LABELS } from "~/features/prerequisites/rules";
import { staffCalendarDate, staffDate, staffDateTime, staffLevel } from "./staff-format";

const yesNo = (b: boolean) => (b ? "Yes" : "No");

/** The details dialog's body (spec part 2 §2.9): Personal, Address, Course and Additional Information, then ID Photos. */
export function StaffRegistrationDetails({ r, showPhotos }: { r: RegistrationDetailView; showPhotos: boolean }) {
  const hasPhotos = Boolean(r.photos.profile || r.photos.idFront || r.photos.idBack);
  return (
    <div>
      <DetailSection
        title="Personal Information"
        items={[
          { label: "First name", value: r.firstName },
          { label: "Middle name", value: r.middleName },
          { label: "Last name", value: r.lastName },
          { label: "Name on certificate", value: r.nameOnCertificate },
          { label: "Email", value: r.email ? <MailLink address={r.email} /> : null },
          { label: "Mobile", value: r.mobile },
          { label: "Telephone", value: r.telephone },
          { label: "Date of birth", value: staffCalendarDate(r.dateOfBirth) },
          { label: "Occupation", value: r.occupation },
        ]}
      />
      <DetailSection
        title="Address Information"
        items={[
          { label: "Current address", value: r.currentAddress },
          { label: "Permanent address", value: r.sameAddress ? (r.permanentAddress ?? r.currentAddress) : r.permanentAddress },
          { label: "Permanent address same as current", value: yesNo(r.sameAddress) },
        ]}
      />
      <DetailSection
        title="Course Information"
        items={[
          { label: "Level", value: staffLevel(r.level) },
          { label: "Program", value: r.programme },
          { label: "Session", value: r.event },
          { label: "Location", value: r.session },
          { label: "Course date", value: staffCalendarDate(r.courseDate) },
          { label: "Course time", value: r.courseTime },
          { label: "Venue", value: r.venue },
          { label: "Time slot", value: r.timeSlot },
        ]}
      />
      <DetailSection
        title="Additional Information"
        items={[
          { label: "How they heard about us", value: r.hearAbout },
          { label: "Communication preferences", value: yesNo(r.communicationPreferences) },
          { label: "Terms and conditions accepted", value: staffDateTime(r.termsAcceptedAt) },
          { label: "Registration date", value: staffDateTime(r.createdAt) },
          { label: "Status", value: r.status === "cancelled" ? `Canceled by the registrant${r.cancelledAt ? ` on ${staffDate(r.cancelledAt)}` : ""}` : r.statusLabel },
          {
            label: "Attendance",
            value: r.attendance
              ? `${ATTENDANCE_LABELS[r.attendance]}${r.attendanceMarkedAt ? ` (marked ${staffDateTime(r.attendanceMarkedAt)}${r.attendanceMarkedBy ? ` by ${r.attendanceMarkedBy}` : ""})` : ""}`
              : "Not marked",
          },
          ...(r.prerequisiteNote || r.prerequisiteDecidedAt
            ? [
                { label: "Earlier level completed elsewhere (their note)", value: r.prerequisiteNote ?? "Erased" },
                {
                  label: "Decision on the earlier level",
                  value: r.prerequisiteDecidedAt
                    ? `${r.status === "declined" ? "Declined" : "Approved"} ${staffDateTime(r.prerequisiteDecidedAt)}${r.prerequisiteDecidedBy ? ` by ${r.prerequisiteDecidedBy}` : ""}`
                    : "Awaiting approval",
                },
              ]
            : []),
          ...(r.erasedAt ? [{ label: "Details erased", value: staffDateTime(r.erasedAt) }] : []),
          { label: "Registration ID", value: <span className="font-mono text-sm">{r.id}</span> },
        ]}
      />
      {showPhotos || hasPhotos ? (
        <section>
          <h3 className="mb-3 border-b border-plum-100 pb-1 text-lg font-semibold text-plum-900">ID Photos</h3>
          <div className="grid gap-4 sm:grid-cols-3">
            <PhotoThumbnail src={r.photos.profile} label="Profile image" />
            <PhotoThumbnail src={r.photos.idFront} label="ID photo (front)" />
            <PhotoThumbnail src={r.photos.idBack} label="ID photo (back)" />
          </div>
        </section>
      ) : null}
    </div>
  );
}
