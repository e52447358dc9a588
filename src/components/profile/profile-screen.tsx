"use client";

import * as React from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { PartnerDashboard } from "@/features/affiliate/types";
import type { OpenMentorshipRequest } from "@/features/mentorship/types";
import { isOwnProfile, type Profile, type ProfileEvent, type ProfileTab } from "@/features/profiles/types";
import { BillingPanel } from "@/components/billing/billing-panel";
import { AboutTab } from "./about-tab";
import { AffiliateTab } from "./affiliate-tab";
import { EventsTab } from "./events-tab";
import { MentorshipTab } from "./mentorship-tab";
import { PaymentHistory } from "./payment-history";
import { ProfileForm } from "./profile-form";
import { ProfileHeader } from "./profile-header";

interface ProfileScreenProps {
  profile: Profile;
  /** The signed-in member is looking at her own profile. */
  isOwn: boolean;
  events: ProfileEvent[];
  partner: PartnerDashboard | null;
  origin: string;
  initialTab: ProfileTab;
  /** Stripe's publishable key for her card on the Billing tab (null without Stripe). */
  publishableKey: string | null;
  /** Her unanswered request to this mentor (another member's profile only). */
  openMentorshipRequest: OpenMentorshipRequest | null;
  /** After she saved her profile: what the screen shows is asked again. */
  onProfileChanged: () => void;
}

/**
 * The header and the tabs. Payments, Billing and Affiliate only on her own profile;
 * Mentorship for mentors with topics. Edit Profile (hers, or any to an admin) replaces the page.
 */
export function ProfileScreen({
  profile,
  isOwn,
  events,
  partner,
  origin,
  initialTab,
  publishableKey,
  openMentorshipRequest,
  onProfileChanged,
}: ProfileScreenProps) {
  const [editing, setEditing] = React.useState(false);
  const mentoring = profile.isMentor && profile.mentorTopics.length > 0;
  const tabs: [ProfileTab, string][] = [
    ["about", "About"],
    ["events", "My Events"],
    ...(isOwn
      ? ([
          ["payments", "Payments"],
          ["billing", "Billing"],
          ["affiliate", "Affiliate"],
        ] as [ProfileTab, string][])
      : []),
    ...(mentoring ? ([["mentorship", "Mentorship"]] as [ProfileTab, string][]) : []),
  ];
  const [tab, setTab] = React.useState<string>(tabs.some(([value]) => value === initialTab) ? initialTab : "about");

  if (editing && isOwnProfile(profile)) {
    return (
      <ProfileForm
        profile={profile}
        onDone={(saved) => {
          setEditing(false);
          if (saved) onProfileChanged();
        }}
      />
    );
  }
  return (
    <>
      <ProfileHeader
        profile={profile}
        action={
          <div className="flex gap-2">
            {isOwnProfile(profile) ? (
              <Button variant="outline" onClick={() => setEditing(true)}>
                Edit Profile
              </Button>
            ) : null}
            {isOwn ? null : (
              <Button asChild>
                <Link href={`/messages/new?to=${profile.id}`}>Message</Link>
              </Button>
            )}
          </div>
        }
      />
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label="Profile sections">
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="about" className="mt-6">
          <AboutTab profile={profile} />
        </TabsContent>
        <TabsContent value="events" className="mt-6">
          <EventsTab events={events} />
        </TabsContent>
        {isOwn && isOwnProfile(profile) ? (
          <>
            <TabsContent value="payments" className="mt-6">
              <h2 className="mb-4 text-xl font-semibold">Payment history</h2>
              <PaymentHistory
                url={`/api/users/${profile.id}/payment-transactions`}
                caption="Your payments, newest first"
              />
            </TabsContent>
            <TabsContent value="billing" className="mt-6">
              <BillingPanel userId={profile.id} mode="member" publishableKey={publishableKey} />
            </TabsContent>
            <TabsContent value="affiliate" className="mt-6">
              <AffiliateTab userId={profile.id} email={profile.email} partner={partner} origin={origin} />
            </TabsContent>
          </>
        ) : null}
        {mentoring ? (
          <TabsContent value="mentorship" className="mt-6">
            <MentorshipTab profile={profile} isOwn={isOwn} openRequest={openMentorshipRequest} />
          </TabsContent>
        ) : null}
      </Tabs>
    </>
  );
}
