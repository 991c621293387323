package com.example.index;

/** A class of the project's that is no RevisionIndex. */
public class NotAnIndex {
}
